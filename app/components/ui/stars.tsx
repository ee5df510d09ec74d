/**
 * A read-only star rating (1–5), announced as "4 out of 5 stars" (in the page's language).
 */
import { useT } from "~/i18n/i18n-react";

/** Five stars, the first `rating` (rounded) filled; the label gives `rating` as it is. */
export function Stars({ rating }: { rating: number }) {
  const t = useT();
  const rounded = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t("form.stars", { rating: String(rating) })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= rounded ? "stars__on" : "stars__off"}>
          ★
        </span>
      ))}
    </span>
  );
}
