import { data, Form, useNavigation } from "react-router";
import { fieldsOf, InputField, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-messages";
import { HoneypotField } from "~/components/ui/honeypot-field";
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
import { pageMeta } from "~/features/site/meta";
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

/** A review (docs/community.md): honeypot, validation (rating 1–5), rate limit, stored as text. */
export async function action({ request, context }: Route.ActionArgs) {
  const { parsed, refusal } = await screenPublicForm<ReviewResult, typeof reviewSchema>({
    formData: await request.formData(),
    fields: reviewFields,
    schema: reviewSchema,
    clientAddress: context.get(clientAddressContext),
    limit: {
      action: "review",
      perHour: REVIEWS_PER_HOUR,
      message: "Too many reviews from your network in the last hour. Please try again later.",
    },
  });
  if (refusal) return refusal;
  const { status } = await createReview(await getDb(), parsed, env().REVIEWS_REQUIRE_APPROVAL);
  return data<ReviewResult>({ ok: true, pending: status === "pending", values: {}, errors: {} });
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Review us",
    "Tell others how your scrap pickup or plant order went: a rating from 1 to 5 stars and a few words.",
  );

export default function ReviewPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const field = fieldsOf({ values, errors }, { limits: communityLimits });
  return (
    <div className="page page--narrow">
      <h1>Review us</h1>
      <p className="page__lead">
        How was your pickup or your order? Your review helps others decide.
      </p>
      <Form method="post" className="form" noValidate>
        <FormError message={actionData?.formError} />
        <HoneypotField />
        <StarRatingInput error={errors.rating} defaultValue={values.rating} />
        <TextareaField
          {...field("review")}
          label="Review"
          hint={<>Up to {communityLimits.review} characters.</>}
          rows={6}
          required
        />
        <InputField
          {...field("displayName")}
          label="Your name (optional)"
          autoComplete="given-name"
        />
        <button
          type="submit"
          className="button button--large"
          disabled={navigation.state === "submitting"}
        >
          Submit Review
        </button>
      </Form>
      {actionData?.ok ? (
        <ThankYouDialog title="Thank you for your review!">
          <p>
            {actionData.pending
              ? "It will appear on our home page once we have checked it."
              : "It now appears on our home page."}
          </p>
        </ThankYouDialog>
      ) : null}
    </div>
  );
}
