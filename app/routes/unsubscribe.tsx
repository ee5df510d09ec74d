import { data, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { unsubscribe } from "~/features/community/community.server";
import { pageMeta } from "~/features/site/meta";
import type { Route } from "./+types/unsubscribe";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/**
 * One-click unsubscribe (docs/community.md): opening the link removes the address from the
 * mailing list and says so. POST does the same (List-Unsubscribe-Post).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const result = await unsubscribe(await getDb(), params.token);
  if (result === "unknown") throw data(null, { status: 404 });
  return { result };
}

export async function action({ params }: Route.ActionArgs) {
  const result = await unsubscribe(await getDb(), params.token);
  if (result === "unknown") throw data(null, { status: 404 });
  return { result };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Unsubscribed", "You have left the Scrap & Sprout mailing list."),
  { name: "robots", content: "noindex" },
];

export default function Unsubscribed() {
  return (
    <div className="page page--narrow">
      <h1>You are unsubscribed</h1>
      <p role="status">
        You have been removed from our mailing list. We will not write to you again.
      </p>
      <p>
        Changed your mind? <Link to="/#join">Join us again</Link>.
      </p>
    </div>
  );
}
