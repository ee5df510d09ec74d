/**
 * A read-only star rating (1–5), announced as "4 out of 5 stars".
 */
export function Stars({ rating }: { rating: number }) {
  const rounded = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= rounded ? "stars__on" : "stars__off"}>
          ★
        </span>
      ))}
    </span>
  );
}
