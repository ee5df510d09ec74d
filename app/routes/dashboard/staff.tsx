import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ConfirmLink, ConfirmStep } from "~/components/dashboard/confirm-step";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { RowAction } from "~/components/dashboard/row-action";
import { fieldsOf, InputField, SelectField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { staffRoles } from "~/db/schema/staff";
import { StaffAccountError } from "~/features/staff/auth.server";
import { requireStaff } from "~/features/staff/session.server";
import { hasNoEmail, signInNameOf } from "~/features/staff/sign-in-name";
import { staffCreateSchema, staffPhoneField } from "~/features/staff/staff.schema";
import {
  createStaffByAdmin,
  listStaff,
  resetStaffPassword,
  setStaffDisabled,
  setStaffPhone,
} from "~/features/staff/staff-admin.server";
import { setStaffLanguage } from "~/features/staff/staff-language.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { isLang, type Lang, languageLabels, languages } from "~/i18n/languages";
import { askedStep, unconfirmedStep } from "~/utils/confirm-step";
import { formatDateTimeIST } from "~/utils/dates";
import { textFields } from "~/utils/form-data";
import { UNKNOWN_ACTION } from "~/utils/intent-form";
import { formatIndianMobile } from "~/utils/phone";
import { message } from "~/utils/refusal";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/staff";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

type FieldErrors = Partial<Record<"name" | "email" | "password" | "role" | "phone", string>>;

interface StaffResult {
  intent: string;
  userId?: string;
  ok?: string;
  formError?: string;
  values?: { name?: string; email?: string; role?: string; phone?: string };
  errors?: FieldErrors;
}

const userIdSchema = z.string().min(1).max(100);

/**
 * The accounts, and after a creation (`?created=<id>`, the redirect of a created account) the
 * notice naming it: the form is then empty, and reloading the page creates nothing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireStaff(request, "admin");
  const staff = await listStaff(await getDb());
  // The confirmation step of Disable (app/utils/confirm-step.ts), for another enabled account.
  const asked = askedStep(request.url, ["disable"])
    ? new URL(request.url).searchParams.get("userId")
    : null;
  const disabling = staff.find((row) => row.id === asked && row.id !== admin.id && !row.disabled);
  const createdId = new URL(request.url).searchParams.get("created");
  const created = staff.find((row) => row.id === createdId);
  return {
    me: admin.id,
    disabling: disabling ? { id: disabling.id, name: signInNameOf(disabling) } : null,
    created: created
      ? { id: created.id, notice: `Created ${created.role} account for ${signInNameOf(created)}.` }
      : null,
    staff: staff.map((row) => ({
      ...row,
      signInName: signInNameOf(row),
      email: hasNoEmail(row.email) ? "" : row.email,
      phone: row.phone ? formatIndianMobile(row.phone) : "",
      createdAt: formatDateTimeIST(row.createdAt),
    })),
  };
}

/**
 * The optional phone (intent "set-phone") or the language of the collector's screens (intent
 * "language") of account `userId`, set by `admin`: the notice, or what a refused form shows.
 */
async function changeContactSetting(
  db: Awaited<ReturnType<typeof getDb>>,
  admin: Awaited<ReturnType<typeof requireStaff>>,
  userId: string,
  fields: Record<string, string>,
): Promise<{ ok: string } | { refused: Omit<StaffResult, "intent"> }> {
  if (fields.intent === "language") {
    const language = fields.language ?? "";
    if (!isLang(language)) {
      return { refused: { formError: refusalText("en", message(UNKNOWN_ACTION)) } };
    }
    await setStaffLanguage(db, admin, userId, language);
    return { ok: `Route and weigh sheets now in ${languageNames[language]}.` };
  }
  const phone = staffPhoneField.safeParse(fields.phone);
  if (!phone.success) {
    return {
      refused: {
        values: { phone: fields.phone ?? "" },
        errors: fieldErrorTexts(
          "en",
          phone.error.issues.map((i) => ({ ...i, path: ["phone"] })),
        ),
      },
    };
  }
  await setStaffPhone(db, admin, userId, phone.data);
  return { ok: phone.data ? "Phone saved." : "Phone removed." };
}

/**
 * Staff management (docs/dashboard.md): create, disable / enable, reset password, set or clear
 * the optional phone (an Indian mobile number; a collector's is the call link on the tracking
 * page, docs/exchange.md). Admin only. Disable without `confirm=yes` goes to its
 * confirmation step and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaff(request, "admin");
  const db = await getDb();
  const fields = textFields(await request.formData(), [
    "intent",
    "userId",
    "name",
    "email",
    "role",
    "password",
    "phone",
    "language",
    "confirm",
  ]);
  const step = unconfirmedStep(request, fields, { disable: ["userId"] });
  if (step) return redirect(step);
  // A refused form shows its values again, never the password (docs/operations.md "Security").
  const values = { name: fields.name, email: fields.email, role: fields.role, phone: fields.phone };
  const fail = (status: number, result: Omit<StaffResult, "intent">) =>
    data<StaffResult>({ intent: fields.intent, userId: fields.userId, ...result }, { status });
  try {
    if (fields.intent === "create") {
      const parsed = staffCreateSchema.safeParse(fields);
      if (!parsed.success) {
        return fail(400, { values, errors: fieldErrorTexts("en", parsed.error.issues) });
      }
      const user = await createStaffByAdmin(db, admin, parsed.data);
      // Post/redirect/get: the page comes back with an empty form, and a reload sends nothing.
      return redirect(`/dashboard/staff?created=${encodeURIComponent(user.id)}`);
    }
    const userId = userIdSchema.safeParse(fields.userId);
    if (!userId.success) {
      return fail(400, {
        formError: refusalText("en", message("dashboard.staff.accountNotChosen")),
      });
    }
    if (fields.intent === "disable" || fields.intent === "enable") {
      await setStaffDisabled(db, admin, userId.data, fields.intent === "disable");
      return data<StaffResult>({
        intent: fields.intent,
        userId: userId.data,
        ok:
          fields.intent === "disable"
            ? "Account disabled; its sessions ended."
            : "Account enabled.",
      });
    }
    if (fields.intent === "set-phone" || fields.intent === "language") {
      const change = await changeContactSetting(db, admin, userId.data, fields);
      return "refused" in change
        ? fail(400, change.refused)
        : data<StaffResult>({ intent: fields.intent, userId: userId.data, ok: change.ok });
    }
    if (fields.intent === "reset-password") {
      await resetStaffPassword(
        db,
        admin,
        userId.data,
        fields.password,
        context.get(clientAddressContext),
      );
      return data<StaffResult>({
        intent: "reset-password",
        userId: userId.data,
        ok: "Password changed; the account's sessions ended.",
      });
    }
    return fail(400, { formError: refusalText("en", message(UNKNOWN_ACTION)) });
  } catch (error) {
    if (error instanceof StaffAccountError) {
      if (error.field) {
        return fail(error.status, {
          values,
          errors: { [error.field]: refusalText("en", error) },
        });
      }
      return fail(error.status, { formError: refusalText("en", error) });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Staff | Dashboard" },
  { name: "robots", content: "noindex, nofollow" },
];

type StaffMember = Route.ComponentProps["loaderData"]["staff"][number];

const roleLabels: Record<(typeof staffRoles)[number], string> = {
  admin: "Admin (everything)",
  staff: "Staff (pickups, orders, lists)",
  collector: "Collector (route sheet, assigned pickups only)",
};
/** Language names in English, for this English page. */
const languageNames: Record<Lang, string> = { en: "English", hi: "Hindi", kn: "Kannada" };
const languageOptions = languages.map((lang) => ({
  value: lang,
  label: `${languageNames[lang]} (${languageLabels[lang]})`,
}));

const roleOptions = staffRoles.map((role) => ({ value: role, label: roleLabels[role] }));

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const creating = actionData?.intent === "create" && !actionData.ok ? actionData : undefined;
  return (
    <>
      <div className="dash-actions">
        <h1>Staff</h1>
        <a className="button button--small" href="/dashboard/staff/export" download>
          Export CSV
        </a>
      </div>
      <StatusNotice message={actionData?.ok ?? loaderData.created?.notice} />
      <FormError message={actionData?.formError} className="dash-error" />
      {loaderData.disabling ? <DisableStep account={loaderData.disabling} /> : null}
      <DataTable
        caption="Staff accounts"
        cards
        columns={[
          "Name",
          { label: "Email", card: "wide" },
          "Role",
          { label: "Phone", card: "wide" },
          "Status",
          "Since",
          { label: "Actions", card: "wide" },
        ]}
      >
        {loaderData.staff.map((member) => (
          <StaffRow
            key={member.id}
            member={member}
            isMe={member.id === loaderData.me}
            passwordError={
              actionData?.intent === "reset-password" && actionData.userId === member.id
                ? actionData.errors?.password
                : undefined
            }
            phoneResult={
              actionData?.intent === "set-phone" &&
              actionData.userId === member.id &&
              !actionData.ok
                ? { value: actionData.values?.phone, error: actionData.errors?.phone }
                : undefined
            }
            busy={busy}
          />
        ))}
      </DataTable>

      <h2>Add a staff member</h2>
      {/* A new key after each creation: with JavaScript the form is rebuilt empty too. */}
      <CreateStaffForm
        key={loaderData.created?.id ?? "new"}
        values={creating?.values}
        errors={creating?.errors}
        busy={busy}
      />
    </>
  );
}

/** The confirmation step of Disable (app/utils/confirm-step.ts). */
function DisableStep({ account }: { account: { id: string; name: string } }) {
  return (
    <ConfirmStep
      title={`Disable ${account.name}?`}
      intent="disable"
      row={{ userId: account.id }}
      confirmLabel={`Disable ${account.name}`}
      backLabel="Keep the account active"
    >
      <p>
        They are signed out at once on every device and cannot log in until an admin enables the
        account again.
      </p>
    </ConfirmStep>
  );
}

/**
 * The language of the account's route and weigh sheets (docs/languages.md "Staff language"),
 * a plain POST form.
 */
function LanguageForm({ member, busy }: { member: StaffMember; busy: boolean }) {
  return (
    <Form method="post" className="form">
      <input type="hidden" name="userId" value={member.id} />
      <SelectField
        id={`language-${member.id}`}
        name="language"
        label={`Route and weigh sheet language for ${member.signInName}`}
        options={languageOptions}
        placeholder="Choose a language"
        defaultValue={member.language}
      />
      <button
        type="submit"
        name="intent"
        value="language"
        className="button button--small"
        disabled={busy}
      >
        Save language
      </button>
    </Form>
  );
}

/**
 * One account, with Disable (a link to its confirmation step) or Enable, and a new-password form
 * (not on one's own row).
 */
function StaffRow({
  member,
  isMe,
  passwordError,
  phoneResult,
  busy,
}: {
  member: StaffMember;
  isMe: boolean;
  passwordError: string | undefined;
  phoneResult: { value?: string; error?: string } | undefined;
  busy: boolean;
}) {
  return (
    <Row>
      <th scope="row">{member.name}</th>
      <td>{member.email || "No e-mail (signs in with phone)"}</td>
      <td>{member.role}</td>
      <td>
        <PhoneForm member={member} result={phoneResult} busy={busy} />
      </td>
      <td>{member.disabled ? "Disabled" : "Active"}</td>
      <td>{member.createdAt}</td>
      <td>
        <LanguageForm member={member} busy={busy} />
        {isMe ? (
          <span>This is you</span>
        ) : (
          <div className="dash-actions">
            {member.disabled ? (
              <RowAction
                row={{ userId: member.id }}
                intent="enable"
                rowName={member.signInName}
                disabled={busy}
              >
                Enable
              </RowAction>
            ) : (
              <ConfirmLink intent="disable" row={{ userId: member.id }} rowName={member.signInName}>
                Disable
              </ConfirmLink>
            )}
            <Form method="post" className="form">
              <input type="hidden" name="userId" value={member.id} />
              <InputField
                id={`password-${member.id}`}
                name="password"
                type="password"
                autoComplete="new-password"
                label={`New password for ${member.signInName}`}
                error={passwordError}
              />
              <button
                type="submit"
                name="intent"
                value="reset-password"
                className="button button--small"
                disabled={busy}
              >
                Reset password
              </button>
            </Form>
          </div>
        )}
      </td>
    </Row>
  );
}

/**
 * The account's optional phone: an Indian mobile number, or empty to remove it. A collector's
 * number is the call link customers see from 'On my way' (docs/exchange.md).
 */
function PhoneForm({
  member,
  result,
  busy,
}: {
  member: StaffMember;
  result: { value?: string; error?: string } | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" className="form">
      <input type="hidden" name="userId" value={member.id} />
      <InputField
        id={`phone-${member.id}`}
        name="phone"
        type="tel"
        autoComplete="off"
        label={`Phone for ${member.signInName}`}
        hint={
          member.email
            ? "Optional. 10-digit mobile number; empty removes it."
            : "10-digit mobile number; this account signs in with it."
        }
        defaultValue={result?.value ?? member.phone}
        error={result?.error}
      />
      <button
        type="submit"
        name="intent"
        value="set-phone"
        className="button button--small"
        disabled={busy}
      >
        Save phone
        <span className="visually-hidden"> {member.signInName}</span>
      </button>
    </Form>
  );
}

/**
 * The new account's name, e-mail, phone, role (staff by default) and password; a collector may
 * have a phone instead of an e-mail (ADR 0032).
 */
function CreateStaffForm({
  values,
  errors,
  busy,
}: {
  values: StaffResult["values"];
  errors: FieldErrors | undefined;
  busy: boolean;
}) {
  const field = fieldsOf({ values, errors });
  return (
    <Form method="post" className="form" noValidate>
      <InputField {...field("name")} label="Name" required />
      <InputField
        {...field("email")}
        type="email"
        label="Email"
        autoComplete="off"
        hint="A collector without e-mail may leave it empty and sign in with the phone below."
      />
      <InputField
        {...field("phone")}
        type="tel"
        label="Phone"
        autoComplete="off"
        hint="Optional. 10-digit mobile number."
      />
      <SelectField
        {...field("role")}
        label="Role"
        options={roleOptions}
        placeholder="Choose a role"
        defaultValue={values?.role ?? "staff"}
      />
      <InputField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters. Common passwords, the name, the e-mail, the shop's name and a character repeated 4 times are refused."
        required
        error={errors?.password}
      />
      <button type="submit" name="intent" value="create" className="button" disabled={busy}>
        Create account
      </button>
    </Form>
  );
}
