import { Link } from "react-router";

/** The 404 message of spec §8 / DESIGN §3, used by the catch-all route and the root boundary. */
export function NotFoundMessage() {
  return (
    <div className="page page--narrow not-found">
      <h1>Page Not Found</h1>
      <p>Page Not Found. The page you are looking for doesn't exist.</p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
