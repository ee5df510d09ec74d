/**
 * Tie-ups with organisations (docs/corporate.md, docs/contracts.md "Services"): what a tie-up
 * includes and the enquiry form, whose answer is a lead in the dashboard. English at
 * /corporate, Hindi and Kannada under /hi and /kn.
 */
import { data, Form, useNavigation } from "react-router";
import { CheckboxGroupField } from "~/components/ui/checkbox-group-field";
import { ErrorSummary, PageTitle, summaryItems } from "~/components/ui/error-summary";
import { fieldsOf, InputField, SelectField, TextareaField } from "~/components/ui/field";
import { HoneypotField, NoticeLink } from "~/components/ui/honeypot-field";
import { getDb } from "~/db/db.server";
import { leadFormFields, leadSchema } from "~/features/corporate/lead.schema";
import {
  LEADS_PER_HOUR,
  leadLimits,
  leadServiceChoices,
  organisationKindChoices,
} from "~/features/corporate/lead-fields";
import { fileLead } from "~/features/corporate/leads.server";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { Trans, useT } from "~/i18n/i18n-react";
import { type PublicFormResult, screenPublicForm } from "~/utils/public-form.server";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/corporate";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

interface LeadResult extends PublicFormResult {
  reference?: string;
  emailed?: boolean;
}

/** The page's words. */
export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(langOf(request), ["corporate"]) };
}

/**
 * An enquiry (docs/corporate.md "The enquiry"): honeypot, validation, rate limit
 * (LEADS_PER_HOUR per client address), then the lead, the acknowledgement e-mail and the staff
 * alert in one transaction. The ticked services arrive as one `services` pair each and are
 * read joined by commas. Refusals answer in the page's language with 400/429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langOf(request);
  const clientAddress = context.get(clientAddressContext);
  const formData = await request.formData();
  formData.set(
    "services",
    formData
      .getAll("services")
      .filter((value) => typeof value === "string")
      .join(","),
  );
  const { parsed, refusal } = await screenPublicForm<LeadResult, typeof leadSchema>({
    formData,
    fields: leadFormFields,
    schema: leadSchema,
    clientAddress,
    lang,
    limit: { action: "lead", perHour: LEADS_PER_HOUR, refusal: "errors.rateLimit.leads" },
  });
  if (refusal) return refusal;
  const { reference } = await fileLead(await getDb(), parsed, {
    now: new Date(),
    language: lang,
    clientAddress,
  });
  return data<LeadResult>({ reference, emailed: Boolean(parsed.email), values: {}, errors: {} });
}

// The title is the page's <PageTitle> ("Error: …" after a refusal); meta has the rest.
export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "corporate.meta.title", "corporate.meta.description").filter(
    (descriptor) => !("title" in descriptor),
  );

/** The form's fields in their order on the page (the error summary lists them so). */
const FIELD_ORDER = [
  "organisation",
  "kind",
  "sites",
  "pinCode",
  "kgPerWeek",
  "services",
  "name",
  "phone",
  "email",
  "message",
] as const;

function Offer() {
  const t = useT();
  return (
    <section aria-labelledby="offer-heading">
      <h2 id="offer-heading">{t("corporate.offer.heading")}</h2>
      <ul className="corporate-offer">
        {leadServiceChoices.map((service) => (
          <li key={service}>{t(`corporate.offer.${service}`)}</li>
        ))}
      </ul>
    </section>
  );
}

function Received({ reference, emailed }: { reference: string; emailed: boolean }) {
  const t = useT();
  return (
    <section className="success-message" role="status" aria-labelledby="received-heading">
      <h2 id="received-heading">{t("corporate.done.heading")}</h2>
      <p>
        <Trans
          id="corporate.done.reference"
          values={{ reference }}
          components={{ 0: <strong className="lead-reference" /> }}
        />
      </p>
      {emailed ? <p>{t("corporate.done.email")}</p> : null}
    </section>
  );
}

function EnquiryForm({ actionData }: { actionData: LeadResult | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const field = fieldsOf({ values, errors }, { limits: leadLimits });
  const summary = summaryItems(errors, FIELD_ORDER);
  return (
    <Form method="post" className="form" noValidate>
      <ErrorSummary items={summary} formError={actionData?.formError} />
      <HoneypotField />
      <InputField
        {...field("organisation")}
        label={t("corporate.form.organisation")}
        autoComplete="organization"
        required
      />
      <SelectField
        {...field("kind")}
        label={t("corporate.form.kind")}
        placeholder={t("corporate.form.kindChoose")}
        options={organisationKindChoices.map((kind) => ({
          value: kind,
          label: t(`corporate.kind.${kind}`),
        }))}
        required
      />
      <InputField
        {...field("sites")}
        label={t("corporate.form.sites")}
        hint={t("corporate.form.sitesHint")}
        inputMode="numeric"
        required
      />
      <InputField
        {...field("pinCode")}
        label={t("corporate.form.pinCode")}
        inputMode="numeric"
        autoComplete="postal-code"
        required
      />
      <InputField
        {...field("kgPerWeek")}
        label={t("corporate.form.kgPerWeek")}
        hint={t("corporate.form.kgPerWeekHint")}
        inputMode="numeric"
        required
      />
      <CheckboxGroupField
        name="services"
        legend={t("corporate.form.services")}
        options={leadServiceChoices.map((service) => ({
          value: service,
          label: t(`corporate.service.${service}`),
        }))}
        defaultValues={(values.services ?? "").split(",")}
        error={errors.services}
      />
      <InputField
        {...field("name")}
        label={t("corporate.form.name")}
        autoComplete="name"
        required
      />
      <InputField
        {...field("phone")}
        type="tel"
        inputMode="tel"
        label={t("corporate.form.phone")}
        autoComplete="tel"
        required
      />
      <InputField
        {...field("email")}
        type="email"
        label={t("corporate.form.email")}
        hint={t("corporate.form.emailHint")}
        autoComplete="email"
      />
      <TextareaField
        {...field("message")}
        label={t("corporate.form.message")}
        hint={t("corporate.form.messageHint", { max: leadLimits.message })}
        rows={4}
      />
      <NoticeLink purpose="tieups" />
      <button
        type="submit"
        className="button button--large"
        disabled={navigation.state === "submitting"}
      >
        {t("corporate.form.submit")}
      </button>
    </Form>
  );
}

export default function Corporate({ actionData }: Route.ComponentProps) {
  const t = useT();
  const hasErrors =
    Object.keys(actionData?.errors ?? {}).length > 0 || Boolean(actionData?.formError);
  return (
    <div className="page page--narrow">
      <PageTitle title={brandedTitle(t("corporate.meta.title"))} hasErrors={hasErrors} />
      <h1>{t("corporate.heading")}</h1>
      <p className="page__lead">{t("corporate.lead")}</p>
      <Offer />
      <h2>{t("corporate.form.heading")}</h2>
      {actionData?.reference ? (
        <Received reference={actionData.reference} emailed={Boolean(actionData.emailed)} />
      ) : (
        <EnquiryForm actionData={actionData} />
      )}
    </div>
  );
}
