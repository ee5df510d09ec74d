import { data, Form, useNavigation } from "react-router";
import { ErrorSummary, PageTitle, summaryItems } from "~/components/ui/error-summary";
import { fieldsOf, InputField, TextareaField } from "~/components/ui/field";
import { HoneypotField, NoticeLink } from "~/components/ui/honeypot-field";
import { ThankYouDialog } from "~/components/ui/thank-you-dialog";
import { getDb } from "~/db/db.server";
import { reviewSchema } from "~/features/community/community.schema";
import { createReview } from "~/features/community/community.server";
import {
  communityLimits,
  REVIEWS_PER_HOUR,
  reviewFields,
} from "~/features/community/community-fields";
import { StarRatingInput } from "~/features/community/star-rating-input";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { useT } from "~/i18n/i18n-react";
import { env } from "~/utils/env.server";
import { type PublicFormResult, screenPublicForm } from "~/utils/public-form.server";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/review-page";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

interface ReviewResult extends PublicFormResult {
  ok?: boolean;
  pending?: boolean;
}

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(langOf(request), ["community"]) };
}

/**
 * A review (docs/community.md): honeypot, validation (rating 1–5), rate limit, stored as text.
 * The messages answer in the page's language (ids rendered by `fieldErrorTexts` and `refusalText`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { parsed, refusal } = await screenPublicForm<ReviewResult, typeof reviewSchema>({
    formData: await request.formData(),
    fields: reviewFields,
    schema: reviewSchema,
    clientAddress: context.get(clientAddressContext),
    lang: langOf(request),
    limit: {
      action: "review",
      perHour: REVIEWS_PER_HOUR,
      refusal: "errors.rateLimit.reviews",
    },
  });
  if (refusal) return refusal;
  const { status } = await createReview(await getDb(), parsed, env().REVIEWS_REQUIRE_APPROVAL);
  return data<ReviewResult>({ ok: true, pending: status === "pending", values: {}, errors: {} });
}

// The title is the page's <PageTitle> ("Error: …" after a refused review); meta has the rest.
export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(
    args,
    "community.review.meta.title",
    "community.review.meta.description",
  ).filter((descriptor) => !("title" in descriptor));

/** The review form's fields in their order on the page (the error summary lists them so). */
const REVIEW_FIELD_ORDER = ["rating", "review", "displayName"] as const;

export default function ReviewPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const field = fieldsOf({ values, errors }, { limits: communityLimits });
  const summary = summaryItems(errors, REVIEW_FIELD_ORDER);
  return (
    <div className="page page--narrow">
      <PageTitle
        title={brandedTitle(t("community.review.meta.title"))}
        hasErrors={summary.length > 0 || Boolean(actionData?.formError)}
      />
      <h1>{t("community.review.heading")}</h1>
      <p className="page__lead">{t("community.review.lead")}</p>
      <Form method="post" className="form" noValidate>
        <ErrorSummary items={summary} formError={actionData?.formError} />
        <HoneypotField />
        <StarRatingInput error={errors.rating} defaultValue={values.rating} />
        <TextareaField
          {...field("review")}
          label={t("community.review.label")}
          hint={t("community.review.hint", { max: communityLimits.review })}
          rows={6}
          required
        />
        <InputField
          {...field("displayName")}
          label={t("community.review.nameLabel")}
          autoComplete="given-name"
        />
        <NoticeLink purpose="reviews" />
        <button
          type="submit"
          className="button button--large"
          disabled={navigation.state === "submitting"}
        >
          {t("community.review.submit")}
        </button>
      </Form>
      {actionData?.ok ? (
        <ThankYouDialog title={t("community.review.thanks.title")}>
          <p>
            {actionData.pending
              ? t("community.review.thanks.pending")
              : t("community.review.thanks.published")}
          </p>
        </ThankYouDialog>
      ) : null}
    </div>
  );
}
