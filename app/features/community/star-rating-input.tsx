/**
 * The review's rating as an accessible radio group of five stars (docs/community.md): native
 * radios (arrow keys move between them), each covering its 40 px star, none chosen at first.
 */
import { useT } from "~/i18n/i18n-react";

/** The fieldset; `error` is shown under the stars and tied to the group. */
export function StarRatingInput({
  error,
  defaultValue,
}: {
  error?: string;
  defaultValue?: string;
}) {
  const t = useT();
  return (
    <fieldset className="star-rating" aria-describedby={error ? "rating-error" : undefined}>
      <legend>{t("community.rating.legend")}</legend>
      <div className="star-rating__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="star-rating__option">
            <input
              // The first star is where the error summary's link leads (id = field name).
              id={n === 1 ? "rating" : undefined}
              type="radio"
              name="rating"
              value={n}
              defaultChecked={defaultValue === String(n)}
              aria-invalid={error ? true : undefined}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t("community.rating.stars", { count: n })}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="rating-error" className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
