/**
 * A thank-you dialog (spec §4: form submissions open a thank-you modal; closing returns to /).
 * Rendered `open` by the server so it shows without JavaScript; with JavaScript it becomes a
 * real modal (focus moves into it, Escape closes it, focus returns) and closing navigates
 * to the home page.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";

export function ThankYouDialog({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Server-rendered `open` shows it without JavaScript; make it modal without a "close"
    // event (removing the attribute fires none, unlike close()).
    if (dialog.open && !dialog.matches(":modal")) dialog.removeAttribute("open");
    if (!dialog.open) dialog.showModal();
    const onClose = () => navigate("/", { replace: true });
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [navigate]);
  return (
    <dialog ref={ref} open className="thank-you" aria-labelledby="thank-you-title">
      <h2 id="thank-you-title">{title}</h2>
      {children}
      <form method="dialog" className="js-only">
        <button type="submit" className="button">
          Close
        </button>
      </form>
      <p className="no-js-only">
        <Link to="/" className="button">
          Close
        </Link>
      </p>
    </dialog>
  );
}
