/**
 * A thank-you dialog (spec §4: form submissions open a thank-you modal; closing returns to /).
 * Rendered `open` by the server so it shows without JavaScript; with JavaScript it becomes a
 * real modal (focus moves into it, Escape closes it, focus returns) and closing navigates
 * to the home page.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useLocalePath, useT } from "~/i18n/i18n-react";

/** The dialog, open; closing it goes to the home page in the page's language. */
export function ThankYouDialog({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const t = useT();
  const home = useLocalePath()("/");
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Server-rendered `open` shows it without JavaScript; make it modal without a "close"
    // event (removing the attribute fires none, unlike close()).
    if (dialog.open && !dialog.matches(":modal")) dialog.removeAttribute("open");
    if (!dialog.open) dialog.showModal();
    const onClose = () => navigate(home, { replace: true });
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [navigate, home]);
  return (
    <dialog ref={ref} open className="thank-you" aria-labelledby="thank-you-title">
      <h2 id="thank-you-title">{title}</h2>
      {children}
      <form method="dialog" className="js-only">
        <button type="submit" className="button">
          {t("form.dialog.close")}
        </button>
      </form>
      <p className="no-js-only">
        <Link to={home} className="button">
          {t("form.dialog.close")}
        </Link>
      </p>
    </dialog>
  );
}
