import type { ReactNode } from "react";
import { Link } from "react-router";

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
  return (
    <div className={className ? `page page--narrow ${className}` : "page page--narrow"}>
      {title === undefined ? null : <title>{title}</title>}
      <h1>{heading}</h1>
      {children}
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}

/** The 404 message (docs/product.md), used by the catch-all route and the root boundary. */
export function NotFoundMessage() {
  return (
    <ProblemPage heading="Page Not Found" className="not-found">
      <p>Page Not Found. The page you are looking for doesn't exist.</p>
    </ProblemPage>
  );
}
