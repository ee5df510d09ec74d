import { data, useNavigation } from "react-router";
import { Row } from "~/components/dashboard/data-table";
import {
  FilterForm,
  ListResults,
  SearchFilter,
  StatusFilter,
} from "~/components/dashboard/list-page";
import { RowAction } from "~/components/dashboard/row-action";
import { getDb } from "~/db/db.server";
import {
  listReviews,
  ReviewChangeError,
  reviewActionSchema,
  reviewFiltersSchema,
  setReviewStatus,
} from "~/features/community/community-admin.server";
import { type ReviewStatus, reviewStatusLabels } from "~/features/community/review-status";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { formatDateTimeIST } from "~/utils/dates";
import { textFields } from "~/utils/form-data";
import { listPageData } from "~/utils/list-page.server";
import type { Route } from "./+types/reviews";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/** Reviews (docs/dashboard.md): filter by status, search, keyset pages of 50, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const db = await getDb();
  return listPageData(request, {
    path: "/dashboard/reviews",
    schema: reviewFiltersSchema,
    read: (filters, after) => listReviews(db, filters, after),
  });
}

type ActionResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Hide or Publish one review (docs/dashboard.md): the audit row is written with the change.
 * Bad form → 400; unknown review → 404; already in that status or changed meanwhile → 409.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const fields = textFields(await request.formData(), ["intent", "reviewId", "from"]);
  const parsed = reviewActionSchema.safeParse(fields);
  if (!parsed.success) {
    const message =
      Object.values(fieldErrorTexts("en", parsed.error.issues))[0] ??
      refusalText("en", { id: "dashboard.reviews.changeNotMade", values: {} });
    return data<ActionResult>({ ok: false, message }, { status: 400 });
  }
  const { intent, reviewId, from } = parsed.data;
  try {
    await setReviewStatus(await getDb(), { email: user.email }, reviewId, intent, from);
  } catch (error) {
    if (!(error instanceof ReviewChangeError)) throw error;
    return data<ActionResult>(
      { ok: false, message: refusalText("en", error) },
      { status: error.status },
    );
  }
  const done = intent === "hide" ? "hidden" : "published";
  return data<ActionResult>({
    ok: true,
    message: `Review #${reviewId} is now ${done}.`,
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Staff dashboard" }];

function Stars({ rating }: { rating: number }) {
  return (
    <span>
      <span aria-hidden="true">{"★".repeat(rating)}</span>
      <span className="visually-hidden">{rating} out of 5 stars</span>
      <span aria-hidden="true"> {rating}/5</span>
    </span>
  );
}

function ReviewActions({ id, status }: { id: number; status: ReviewStatus }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("reviewId") === String(id);
  return (
    <div className="dash-actions dash-actions--row">
      {(["hide", "publish"] as const)
        .filter((intent) => (intent === "hide" ? status !== "hidden" : status !== "published"))
        .map((intent) => (
          <RowAction
            key={intent}
            row={{ reviewId: id, from: status }}
            intent={intent}
            rowName={<>review #{id}</>}
            disabled={busy}
          >
            {intent === "hide" ? "Hide" : "Publish"}
          </RowAction>
        ))}
    </div>
  );
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { values, errors, rows } = loaderData;
  return (
    <>
      <h1>Reviews</h1>
      <p>
        Only published reviews appear on the home page. Hiding a review removes it there at once.
      </p>
      {actionData ? (
        <p className={actionData.ok ? "dash-notice" : "dash-error"} role="status">
          {actionData.message}
        </p>
      ) : null}
      <FilterForm
        label="Filter reviews"
        clearHref="/dashboard/reviews"
        values={values}
        errors={errors}
        search={<SearchFilter label="Search review or name" />}
      >
        <StatusFilter labels={reviewStatusLabels} />
      </FilterForm>
      <ListResults
        page={loaderData}
        noun={{ one: "review", many: "reviews" }}
        caption="Reviews, newest first"
        columns={[
          "#",
          "Rating",
          { label: "Review", card: "wide" },
          "Name",
          "Written",
          "Status",
          { label: "Actions", card: "wide" },
        ]}
      >
        {rows.map((row) => (
          <Row key={row.id}>
            <th scope="row">{row.id}</th>
            <td>
              <Stars rating={row.rating} />
            </td>
            <td className="dash-review-body">{row.body}</td>
            <td>{row.displayName ?? "—"}</td>
            <td>{formatDateTimeIST(new Date(row.createdAt))}</td>
            <td>{reviewStatusLabels[row.status]}</td>
            <td>
              <ReviewActions id={row.id} status={row.status} />
            </td>
          </Row>
        ))}
      </ListResults>
    </>
  );
}
