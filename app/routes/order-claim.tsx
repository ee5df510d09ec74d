import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ErrorSummary, PageTitle } from "~/components/ui/error-summary";
import { getDb } from "~/db/db.server";
import { type ClaimReason, claimReasons } from "~/db/schema/claims";
import {
  ClaimError,
  type ClaimedLine,
  claimFormView,
  fileClaim,
  MAX_CLAIM_PHOTOS,
} from "~/features/claims/claims.server";
import { countAttempt } from "~/features/site/anti-automation.server";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor, refusalText } from "~/i18n/i18n.server";
import { useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import { formatLongDayIST } from "~/utils/dates";
import { readPhotoForm } from "~/utils/photo-form.server";
import { clientAddressContext } from "~/utils/request-context";
import { UploadedImageError } from "~/utils/uploaded-image.server";
import type { Route } from "./+types/order-claim";

export { headers } from "~/utils/route-headers";

/**
 * 'Report a problem' (docs/claims.md): the delivered order's lines not reported yet, each with
 * how many and what happened, a note, and one to three photos; or why it cannot be reported.
 * Reached by the order's tracking token only.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const view = await claimFormView(await getDb(), params.token, new Date());
  if (!view) throw data(null, { status: 404 });
  return {
    ...view,
    lastDay: view.lastDay ? formatLongDayIST(view.lastDay, lang) : null,
    trackingPath: `/orders/${params.token}`,
    messages: messagesFor(lang, ["claim", "errors.claim", "errors.upload", "form"]),
  };
}

type ActionResult = { errors: Record<string, string>; formError?: string };

/**
 * Files the claim from the posted form (streamed; at most three photos of 10 MB each) and goes
 * back to the tracking page with its reference; a refusal answers next to its field (the
 * lines, the photos) in the page's language, with nothing stored.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const lang = langOf(request);
  const fail = (status: number, errors: Record<string, string>, formError?: string) =>
    data<ActionResult>({ errors, formError }, { status });
  // Counted before the photos are read: decoding them is the costly part (docs/claims.md).
  const overLimit = await countAttempt("claim", context.get(clientAddressContext));
  if (overLimit) {
    return data<ActionResult>(
      { errors: {}, formError: refusalText(lang, overLimit.refusal) },
      { status: 429, headers: overLimit.headers },
    );
  }
  try {
    const form = await readPhotoForm(request, MAX_CLAIM_PHOTOS);
    const lines: ClaimedLine[] = form
      .all("line")
      .slice(0, 50)
      .map((id) => ({
        orderLineId: /^[1-9]\d{0,8}$/.test(id) ? Number(id) : 0,
        quantity: Number(form.fields[`quantity-${id}`] ?? "1"),
        reason: (claimReasons as readonly string[]).includes(form.fields[`reason-${id}`] ?? "")
          ? (form.fields[`reason-${id}`] as ClaimReason)
          : "damaged",
      }));
    const claim = await fileClaim(await getDb(), {
      token: params.token,
      lines,
      note: form.fields.note,
      photos: form.photos,
      now: new Date(),
    });
    return redirect(localePath(lang, `/orders/${params.token}?claim=${claim.reference}`), {
      status: 303,
    });
  } catch (error) {
    if (error instanceof ClaimError || error instanceof UploadedImageError) {
      const text = refusalText(lang, error);
      return error.field
        ? fail(error.status, { [error.field]: text })
        : fail(error.status, {}, text);
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "claim.meta.title", "claim.meta.description").filter(
    (descriptor) => !("title" in descriptor),
  );

/** One delivered line: its tick box, how many and what happened. */
function ClaimLine({ line }: { line: { id: number; name: string; quantity: number } }) {
  const t = useT();
  return (
    <div className="claim-line">
      <label className="choice">
        <input type="checkbox" name="line" value={line.id} />{" "}
        {t("claim.line.label", { product: line.name, quantity: line.quantity })}
      </label>
      <label htmlFor={`quantity-${line.id}`}>{t("claim.quantity")}</label>
      <select id={`quantity-${line.id}`} name={`quantity-${line.id}`} defaultValue="1">
        {Array.from({ length: line.quantity }, (_, i) => String(i + 1)).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      <label htmlFor={`reason-${line.id}`}>{t("claim.reason")}</label>
      <select id={`reason-${line.id}`} name={`reason-${line.id}`} defaultValue="damaged">
        {claimReasons.map((reason) => (
          <option key={reason} value={reason}>
            {t(`claim.reason.${reason}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function OrderClaim({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const hasErrors = Boolean(actionData?.formError) || Object.keys(errors).length > 0;
  const back = (
    <p>
      <Link to={loaderData.trackingPath}>{t("claim.back")}</Link>
    </p>
  );
  const title = <PageTitle title={brandedTitle(t("claim.meta.title"))} hasErrors={hasErrors} />;
  if (loaderData.state !== "open" || loaderData.lines.length === 0) {
    return (
      <div className="page page--narrow">
        {title}
        <h1>{t("claim.meta.title")}</h1>
        <p>
          {loaderData.state === "notDelivered"
            ? t("errors.claim.notDelivered")
            : loaderData.state === "windowClosed"
              ? t("errors.claim.windowClosed", { date: loaderData.lastDay ?? "" })
              : t("claim.nothingLeft")}
        </p>
        {back}
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      {title}
      <h1>{t("claim.meta.title")}</h1>
      <p>{t("claim.lead", { reference: loaderData.reference })}</p>
      <p>{t("claim.until", { date: loaderData.lastDay ?? "" })}</p>
      <ErrorSummary
        items={Object.entries(errors).map(([target, message]) => ({ target, message }))}
        formError={actionData?.formError}
      />
      <Form method="post" encType="multipart/form-data" className="form" noValidate>
        <fieldset
          className="form__group"
          id="lines"
          aria-describedby={errors.lines ? "lines-error" : undefined}
        >
          <legend>{t("claim.lines")}</legend>
          {loaderData.lines.map((line) => (
            <ClaimLine key={line.id} line={line} />
          ))}
          {errors.lines ? (
            <p id="lines-error" className="field__error">
              {errors.lines}
            </p>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor="note">{t("claim.note")}</label>
          <textarea id="note" name="note" maxLength={500} rows={3} />
        </div>
        <div className="field" data-invalid={errors.photos ? true : undefined}>
          <label htmlFor="photos">{t("claim.photos")}</label>
          <p id="photos-hint" className="field__hint">
            {t("claim.photosHint")}
          </p>
          <input
            id="photos"
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            multiple
            aria-describedby={errors.photos ? "photos-hint photos-error" : "photos-hint"}
            aria-invalid={errors.photos ? true : undefined}
          />
          {errors.photos ? (
            <p id="photos-error" className="field__error">
              {errors.photos}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--large" disabled={busy}>
          {t("claim.submit")}
        </button>
      </Form>
      {back}
    </div>
  );
}
