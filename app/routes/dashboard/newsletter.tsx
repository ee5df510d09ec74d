import { data, redirect } from "react-router";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { newsletterActionSchema } from "~/features/community/newsletter.schema";
import {
  NEWSLETTER_MESSAGES_PER_MINUTE,
  sendNewsletter,
  subscriberCount,
} from "~/features/community/newsletter.server";
import { NewsletterForm, NewsletterPreview } from "~/features/community/newsletter-form";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { idempotencyKey } from "~/utils/codes.server";
import { env } from "~/utils/env.server";
import { formStrings, UNKNOWN_ACTION } from "~/utils/intent-form";
import { englishText, message } from "~/utils/refusal";
import type { Route } from "./+types/newsletter";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

interface NewsletterResult {
  error?: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  preview?: { subject: string; text: string };
}

function plural(count: number): string {
  return `${count} ${count === 1 ? "subscriber" : "subscribers"}`;
}

/** The notice after a send (`?sent=N` or `?already=N`, from the redirect). */
function noticeOf(params: URLSearchParams): string | null {
  const sent = Number(params.get("sent"));
  if (params.has("sent") && Number.isSafeInteger(sent)) {
    return `Newsletter queued for ${plural(sent)}: ${NEWSLETTER_MESSAGES_PER_MINUTE} go out per minute. Follow them on the Messages page.`;
  }
  const already = Number(params.get("already"));
  if (params.has("already") && Number.isSafeInteger(already)) {
    return `This newsletter was sent already (to ${plural(already)}); it was not sent again.`;
  }
  return null;
}

/** Newsletter page (docs/messages.md "Newsletter"): admin only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  return {
    subscribers: await subscriberCount(await getDb()),
    newsletterId: idempotencyKey(),
    unsubscribeExample: `${env().messages.publicUrl}/unsubscribe/…`,
    perMinute: NEWSLETTER_MESSAGES_PER_MINUTE,
    notice: noticeOf(new URL(request.url).searchParams),
  };
}

/**
 * intent = preview (answers the preview, writes nothing) or send (queues the newsletter, then
 * redirects to `?sent=N`, or `?already=N` for a form sent before). Bad subject or text → 422
 * with a message next to the field; unknown intent → 400; nobody subscribed → 422.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireStaff(request, "admin");
  const fields = formStrings(await request.formData());
  const values = {
    subject: (fields.subject ?? "").slice(0, 200),
    text: (fields.text ?? "").slice(0, 20_100),
    newsletterId: (fields.newsletterId ?? "").slice(0, 40),
  };
  const fail = (status: number, result: Partial<NewsletterResult>) =>
    data<NewsletterResult>({ errors: {}, values, ...result }, { status });
  if (fields.intent !== "preview" && fields.intent !== "send") {
    return fail(400, { error: englishText(UNKNOWN_ACTION) });
  }
  const parsed = newsletterActionSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrorTexts("en", parsed.error.issues);
    return fail(422, {
      errors,
      error:
        errors.newsletterId ?? refusalText("en", message("dashboard.newsletter.correctFields")),
    });
  }
  const { intent, ...input } = parsed.data;
  if (intent === "preview") {
    return data<NewsletterResult>({
      errors: {},
      values,
      preview: { subject: input.subject, text: input.text },
    });
  }
  const result = await sendNewsletter(await getDb(), admin, input, new Date());
  if (result.outcome === "queued") return redirect(`/dashboard/newsletter?sent=${result.count}`);
  if (result.outcome === "already-sent") {
    return redirect(`/dashboard/newsletter?already=${result.count}`);
  }
  return fail(422, {
    error: refusalText("en", message("dashboard.newsletter.nobodySubscribed")),
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Staff dashboard" }];

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { subscribers, perMinute, notice } = loaderData;
  const values = actionData?.values ?? {};
  return (
    <>
      <h1>Newsletter</h1>
      <p>
        Write to everyone on the ‘Join us’ mailing list ({subscribers} subscribed). Each e-mail
        carries its own one-click unsubscribe link; {perMinute} e-mails go out per minute.
      </p>
      <StatusNotice message={actionData ? null : notice} />
      <FormError message={actionData?.error} className="dash-error" />
      {actionData?.preview ? (
        <NewsletterPreview
          subject={actionData.preview.subject}
          text={actionData.preview.text}
          unsubscribeExample={loaderData.unsubscribeExample}
        />
      ) : null}
      <NewsletterForm
        newsletterId={
          /^[A-Za-z0-9_-]{22}$/.test(values.newsletterId ?? "")
            ? (values.newsletterId as string)
            : loaderData.newsletterId
        }
        subscribers={subscribers}
        values={values}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}
