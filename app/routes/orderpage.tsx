import { data, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { PageTitle } from "~/components/ui/error-summary";
import { getDb } from "~/db/db.server";
import { messageLanguageFor } from "~/features/accounts/account-language.server";
import { bookingPrefill, type Prefill } from "~/features/accounts/account-prefill.server";
import { getCustomer } from "~/features/accounts/customer-session.server";
import { pickupSchema } from "~/features/pickups/pickup.schema";
import { pickupConfigFromEnv, slotChoices } from "~/features/pickups/pickup-config";
import { MAX_ESTIMATE_ROWS, pickupTextFields } from "~/features/pickups/pickup-fields";
import { PickupForm } from "~/features/pickups/pickup-form";
import { slotChoiceProblem } from "~/features/pickups/pickup-slots";
import {
  bookPickup,
  getSlotAvailability,
  OpenPickupsCapError,
  PickupRejectedError,
} from "~/features/pickups/pickups.server";
import { listRateCategories } from "~/features/rates/rates.server";
import { countAttempt, honeypotFilled } from "~/features/site/anti-automation.server";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { fieldErrorTexts, langOf, messagesFor, refusalText } from "~/i18n/i18n.server";
import { useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import { idempotencyKey } from "~/utils/codes.server";
import { env } from "~/utils/env.server";
import { textFields } from "~/utils/form-data";
import { message } from "~/utils/refusal";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/orderpage";

export { headers } from "~/utils/route-headers";

const noPrefill: Prefill = {};

export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const config = pickupConfigFromEnv();
  const now = new Date();
  const [availability, categories, customer] = await Promise.all([
    getSlotAvailability(db, now, config),
    listRateCategories(db, lang),
    getCustomer(request, db),
  ]);
  return {
    availability,
    slots: slotChoices(lang, config),
    categories: categories.map(({ name, materials }) => ({ name, materials })),
    minimumKg: config.minimumKg,
    // docs/exchange.md "Rewards": said where the reward is chosen.
    couponBonusPercent: env().exchange.couponBonusPercent,
    idempotencyKey: idempotencyKey(),
    // A signed-in customer's details, filled in on the server (docs/accounts.md "My account").
    prefill: customer ? await bookingPrefill(db, customer.phone) : noPrefill,
    // Only what the booking form shows: the tracking page's words stay out of its first load.
    messages: messagesFor(lang, [
      "pickup.form",
      "pickup.meta",
      "pickup.book",
      "pickup.belowMinimum",
      "pickup.reward",
      "pickup.slot",
      "form",
    ]),
  };
}

interface ActionResult {
  values: Record<string, string>;
  itemValues: { material: string; kg: string }[];
  errors: Record<string, string>;
  itemErrors: Record<number, string>;
  formError?: string;
  /** The PIN code is not served yet: the form offers the mailing list. */
  offerMailingList?: boolean;
}

/**
 * Books the pickup (docs/pickups.md); every refusal names its field and writes nothing. In
 * order (docs/operations.md "Anti-automation"): the honeypot (400, silent), validation (400),
 * the per-address allowance (429 with Retry-After), then the booking's own rules, among them
 * the open pickups per phone and e-mail (409). Messages in the page's language (ids rendered
 * by `fieldErrorTexts` and `refusalText`); a booking made at /hi/orderpage goes on to
 * /hi/pickups/<token>/booked.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langOf(request);
  const form = await request.formData();
  if (honeypotFilled(form)) {
    return data<ActionResult>(
      { values: {}, itemValues: [], errors: {}, itemErrors: {} },
      { status: 400 },
    );
  }
  const { idempotencyKey: key, ...values } = textFields(form, pickupTextFields);
  const strings = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
  const materials = strings("material");
  const kgs = strings("kg");
  const rowCount = Math.min(Math.max(materials.length, kgs.length), MAX_ESTIMATE_ROWS + 1);
  const itemValues = Array.from({ length: rowCount }, (_, i) => ({
    material: (materials[i] ?? "").slice(0, 12),
    kg: (kgs[i] ?? "").slice(0, 20),
  }));
  const refuse = (
    status: number,
    errors: Record<string, string>,
    itemErrors: Record<number, string> = {},
    formError?: string,
    headers?: Record<string, string>,
    offerMailingList?: boolean,
  ) =>
    data<ActionResult>(
      {
        values,
        itemValues: itemValues.slice(0, MAX_ESTIMATE_ROWS),
        errors,
        itemErrors,
        formError,
        offerMailingList,
      },
      { status, headers },
    );

  const parsed = pickupSchema.safeParse({ ...values, idempotencyKey: key, items: itemValues });
  if (!parsed.success) {
    const isRow = (path: readonly PropertyKey[]) =>
      path[0] === "items" && typeof path[1] === "number";
    const issues = parsed.error.issues;
    // A row's message is keyed by its index; the rest by field (the total weight's: `items`).
    const itemErrors: Record<number, string> = fieldErrorTexts(
      lang,
      issues
        .filter((issue) => isRow(issue.path))
        .map((issue) => ({ ...issue, path: issue.path.slice(1) })),
    );
    const errors = fieldErrorTexts(
      lang,
      issues.filter((issue) => !isRow(issue.path)),
    );
    // Say what is wrong with the date and time in the same answer.
    const slotProblem = slotChoiceProblem(
      values.pickupDate,
      values.pickupTime,
      new Date(),
      pickupConfigFromEnv(),
    );
    if (slotProblem) errors[slotProblem.field] ??= refusalText(lang, slotProblem);
    return refuse(400, errors, itemErrors, errors.items ?? errors.idempotencyKey);
  }
  const overLimit = await countAttempt("booking", context.get(clientAddressContext));
  if (overLimit)
    return refuse(429, {}, {}, refusalText(lang, overLimit.refusal), overLimit.headers);
  try {
    const db = await getDb();
    const booked = await bookPickup(
      db,
      parsed.data,
      new Date(),
      pickupConfigFromEnv(),
      // The language the phone's customer chose for messages, else the page's (docs/accounts.md).
      await messageLanguageFor(db, parsed.data.phone, lang),
    );
    return redirect(localePath(lang, `/pickups/${booked.trackingToken}/booked`), { status: 303 });
  } catch (error) {
    if (error instanceof OpenPickupsCapError) {
      // The shop's phone is the route's to add: pickups may not read the site's settings.
      const text = refusalText(
        lang,
        message(error.id, { ...error.values, phone: siteConfig.phoneDisplay }),
      );
      return refuse(error.status, {}, {}, text);
    }
    if (error instanceof PickupRejectedError) {
      const text = refusalText(lang, error);
      if (error.field === "items" || error.field === "form")
        return refuse(error.status, {}, {}, text);
      const notServed = error.id === "errors.pickup.pinNotServed";
      return refuse(error.status, { [error.field]: text }, {}, undefined, undefined, notServed);
    }
    throw error;
  }
}

// The title is the page's <PageTitle> ("Error: …" after a refused booking); meta has the rest.
export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "pickup.meta.title", "pickup.meta.description").filter(
    (descriptor) => !("title" in descriptor),
  );

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  return (
    <div className="page page--narrow">
      <PageTitle
        title={brandedTitle(t("pickup.meta.title"))}
        hasErrors={Boolean(
          actionData &&
            (Object.keys(actionData.errors).length > 0 ||
              Object.keys(actionData.itemErrors).length > 0 ||
              actionData.formError),
        )}
      />
      <h1>{t("pickup.book.heading")}</h1>
      <p className="page__lead">{t("pickup.book.lead", { minimumKg: loaderData.minimumKg })}</p>
      <PickupForm
        {...loaderData}
        values={actionData?.values ?? loaderData.prefill}
        itemValues={actionData?.itemValues ?? []}
        errors={actionData?.errors ?? {}}
        itemErrors={actionData?.itemErrors ?? {}}
        formError={actionData?.formError}
        offerMailingList={actionData?.offerMailingList ?? false}
        submitting={navigation.state === "submitting"}
      />
    </div>
  );
}

/** After a refused booking the slots are shown as they are now. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}
