import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalePath, useT } from "~/i18n/i18n-react";

/**
 * A page shown instead of the one asked for (not found, or an error): the heading, what
 * happened (`children`), and a button back to the home page. `title` is the document title
 * when the page sets it itself (error boundaries).
 */
export function ProblemPage({
  heading,
  title,
  className,
  children,
}: {
  heading: string;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className={className ? `page page--narrow ${className}` : "page page--narrow"}>
      {title === undefined ? null : <title>{title}</title>}
      <h1>{heading}</h1>
      {children}
      <p>
        <Link to={to("/")} className="button">
          {t("frame.goHome")}
        </Link>
      </p>
    </div>
  );
}

/** The 404 message (docs/product.md), used by the catch-all route and the root boundary. */
export function NotFoundMessage() {
  const t = useT();
  return (
    <ProblemPage heading={t("frame.notFound.heading")} className="not-found">
      <p>{t("frame.notFound.body")}</p>
    </ProblemPage>
  );
}
