import { data, Form, redirect } from "react-router";
import { fieldsOf, InputField, SelectField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { getShopIdentity, saveShopSettings } from "~/features/orders/bills.server";
import { indianStates } from "~/features/orders/indian-states";
import { shopSettingsFields, shopSettingsSchema } from "~/features/orders/shop-settings.schema";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { textFields } from "~/utils/form-data";
import { message } from "~/utils/refusal";
import type { Route } from "./+types/settings";

export { headers } from "~/utils/route-headers";

interface SettingsResult {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
}

/** The shop's particulars as its bills print them (docs/tax.md). Admin only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  return {
    settings: await getShopIdentity(await getDb()),
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

/**
 * Saves the particulars (audited as `shop_settings.update`); bills already issued keep what they
 * printed. A bad field → 400 with its message next to it, nothing saved.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireStaff(request, "admin");
  const values = textFields(await request.formData(), shopSettingsFields);
  const parsed = shopSettingsSchema.safeParse(values);
  if (!parsed.success) {
    return data<SettingsResult>(
      {
        values,
        errors: fieldErrorTexts("en", parsed.error.issues),
        formError: refusalText("en", message("dashboard.settings.correctFields")),
      },
      { status: 400 },
    );
  }
  await saveShopSettings(await getDb(), admin, parsed.data);
  return redirect("/dashboard/settings?saved");
}

export const meta: Route.MetaFunction = () => [{ title: "Shop settings | Staff dashboard" }];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.settings;
  const field = fieldsOf({ values, errors: actionData?.errors ?? {} });
  return (
    <>
      <h1>Shop settings</h1>
      <p>
        What the shop’s bills print about the shop. With a GSTIN, orders get a tax invoice, a bill
        of supply or an invoice-cum-bill of supply with the tax split into CGST + SGST (delivery in
        the shop’s State) or IGST (another State); without one, a receipt without tax. A change
        applies to bills issued from now on.
      </p>
      <StatusNotice message={!actionData && loaderData.saved ? "Settings saved." : null} />
      <FormError message={actionData?.formError} className="dash-error" />
      <Form method="post" className="form" noValidate>
        <InputField {...field("legalName")} label="Legal name" maxLength={120} required />
        <InputField
          {...field("address")}
          label="Address"
          hint="Street, city and PIN code, on one line."
          maxLength={300}
          required
        />
        <SelectField
          {...field("state")}
          label="State"
          options={indianStates}
          placeholder="Choose the State"
          defaultValue={field("state").defaultValue ?? ""}
          required
        />
        <InputField
          {...field("gstin")}
          label="GSTIN"
          hint="Optional: 15 characters, as on the registration certificate. Empty: not registered."
          maxLength={20}
          autoCapitalize="characters"
          spellCheck={false}
        />
        <button type="submit" className="button">
          Save settings
        </button>
      </Form>
    </>
  );
}
