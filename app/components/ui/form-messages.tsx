/**
 * The messages of a form or page as a whole, above its fields (a field's own error stands next
 * to it, see `field.tsx`): an error, announced at once (`role="alert"`), and a notice such as
 * "Saved.", announced politely (`role="status"`). Each renders nothing without a message.
 */
import type { ReactNode } from "react";

/**
 * An error about the whole form, e.g. "Your cart is empty.". `className` is "form-error" on the
 * shop's pages and "dash-error" in the dashboard.
 */
export function FormError({
  message,
  className = "form-error",
}: {
  message: ReactNode;
  className?: "form-error" | "dash-error";
}) {
  if (!message) return null;
  return (
    <p className={className} role="alert">
      {message}
    </p>
  );
}

/** A dashboard notice about what just happened, e.g. "Saved." (class "dash-notice"). */
export function StatusNotice({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <p className="dash-notice" role="status">
      {message}
    </p>
  );
}
