import { data } from "react-router";
import { localisedPageMeta } from "~/features/site/meta";
import { NotFoundMessage } from "~/features/site/not-found-message";
import type { Route } from "./+types/not-found";

/** Any unknown URL: HTTP 404 with the message of spec §8 (docs/contracts.md "Unknown URL"). */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "frame.notFound.heading", "frame.notFound.description");

export default function NotFound() {
  return <NotFoundMessage />;
}
