import { data, Form, useNavigation } from "react-router";
import { ErrorSummary, PageTitle, summaryItems } from "~/components/ui/error-summary";
import { fieldsOf, InputField, SelectField, TextareaField } from "~/components/ui/field";
import { HoneypotField, NoticeLink } from "~/components/ui/honeypot-field";
import { getDb } from "~/db/db.server";
import { grievanceFormFields, grievanceSchema } from "~/features/privacy/grievance.schema";
import { fileGrievance, grievanceOfficer } from "~/features/privacy/grievance.server";
import {
  GRIEVANCES_PER_HOUR,
  grievanceLimits,
  grievanceTopicChoices,
} from "~/features/privacy/grievance-fields";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { Trans, useT } from "~/i18n/i18n-react";
import { type PublicFormResult, screenPublicForm } from "~/utils/public-form.server";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/grievance";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

interface GrievanceResult extends PublicFormResult {
  ticket?: string;
  emailed?: boolean;
}

/** The grievance officer (GRIEVANCE_OFFICER_* settings) and the page's words. */
export function loader({ request }: Route.LoaderArgs) {
  return {
    officer: grievanceOfficer(),
    messages: messagesFor(langOf(request), ["grievance"]),
  };
}

/**
 * A grievance (docs/accounts.md "Notice, consent and grievances"): honeypot, validation, rate
 * limit (GRIEVANCES_PER_HOUR per client address), then the ticket, the acknowledgement e-mail
 * and the staff alert in one transaction. Refusals answer in the page's language with 400/429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langOf(request);
  const clientAddress = context.get(clientAddressContext);
  const { parsed, refusal } = await screenPublicForm<GrievanceResult, typeof grievanceSchema>({
    formData: await request.formData(),
    fields: grievanceFormFields,
    schema: grievanceSchema,
    clientAddress,
    lang,
    limit: {
      action: "grievance",
      perHour: GRIEVANCES_PER_HOUR,
      refusal: "errors.rateLimit.grievances",
    },
  });
  if (refusal) return refusal;
  const { ticket } = await fileGrievance(await getDb(), parsed, {
    now: new Date(),
    language: lang,
    clientAddress,
  });
  return data<GrievanceResult>({ ticket, emailed: Boolean(parsed.email), values: {}, errors: {} });
}

// The title is the page's <PageTitle> ("Error: …" after a refusal); meta has the rest.
export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "grievance.meta.title", "grievance.meta.description").filter(
    (descriptor) => !("title" in descriptor),
  );

/** The form's fields in their order on the page (the error summary lists them so). */
const FIELD_ORDER = ["name", "phone", "email", "topic", "details"] as const;

function Officer({ officer }: { officer: Route.ComponentProps["loaderData"]["officer"] }) {
  const t = useT();
  return (
    <section aria-labelledby="officer-heading" className="grievance-officer">
      <h2 id="officer-heading">{t("grievance.officer.heading")}</h2>
      <p>{officer.name ?? t("grievance.officer.role", { brand: siteConfig.brandName })}</p>
      <dl>
        <dt>{t("grievance.officer.email")}</dt>
        <dd>
          <a href={`mailto:${officer.email}`}>{officer.email}</a>
        </dd>
        <dt>{t("grievance.officer.phone")}</dt>
        <dd>
          <a href={`tel:${officer.phone.replace(/[^+0-9]/g, "")}`}>{officer.phone}</a>
        </dd>
        <dt>{t("grievance.officer.address")}</dt>
        <dd>{officer.address}</dd>
      </dl>
      <p>{t("grievance.board")}</p>
    </section>
  );
}

function Received({ ticket, emailed }: { ticket: string; emailed: boolean }) {
  const t = useT();
  return (
    <section className="success-message" role="status" aria-labelledby="received-heading">
      <h2 id="received-heading">{t("grievance.done.heading")}</h2>
      <p>
        <Trans
          id="grievance.done.ticket"
          values={{ ticket }}
          components={{ 0: <strong className="grievance-ticket" /> }}
        />
      </p>
      {emailed ? <p>{t("grievance.done.email")}</p> : null}
    </section>
  );
}

export default function Grievance({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const field = fieldsOf({ values, errors }, { limits: grievanceLimits });
  const summary = summaryItems(errors, FIELD_ORDER);
  return (
    <div className="page page--narrow">
      <PageTitle
        title={brandedTitle(t("grievance.meta.title"))}
        hasErrors={summary.length > 0 || Boolean(actionData?.formError)}
      />
      <h1>{t("grievance.heading")}</h1>
      <p className="page__lead">{t("grievance.lead")}</p>
      <Officer officer={loaderData.officer} />
      <h2>{t("grievance.form.heading")}</h2>
      {actionData?.ticket ? (
        <Received ticket={actionData.ticket} emailed={Boolean(actionData.emailed)} />
      ) : (
        <Form method="post" className="form" noValidate>
          <ErrorSummary items={summary} formError={actionData?.formError} />
          <HoneypotField />
          <InputField
            {...field("name")}
            label={t("grievance.form.name")}
            autoComplete="name"
            required
          />
          <InputField
            {...field("phone")}
            type="tel"
            inputMode="tel"
            label={t("grievance.form.phone")}
            autoComplete="tel"
            hint={t("grievance.form.contactHint")}
          />
          <InputField
            {...field("email")}
            type="email"
            label={t("grievance.form.email")}
            autoComplete="email"
          />
          <SelectField
            {...field("topic")}
            label={t("grievance.form.topic")}
            placeholder={t("grievance.form.topicChoose")}
            options={grievanceTopicChoices.map((topic) => ({
              value: topic,
              label: t(`grievance.topic.${topic}`),
            }))}
            required
          />
          <TextareaField
            {...field("details")}
            label={t("grievance.form.details")}
            hint={t("grievance.form.detailsHint", { max: grievanceLimits.details })}
            rows={6}
            required
          />
          <NoticeLink purpose="grievances" />
          <button
            type="submit"
            className="button button--large"
            disabled={navigation.state === "submitting"}
          >
            {t("grievance.form.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}
