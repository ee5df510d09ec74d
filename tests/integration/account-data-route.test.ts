/**
 * The customer's data pages (docs/accounts.md "Download my data", "Personal data and erasure")
 * through their route modules, against a freshly migrated database:
 * - the downloads are attachments, never cached, of the signed-in phone only; signed out, the
 *   sign-in page in the page's language;
 * - 'Erase my data' without the ticked box answers 422 and erases nothing; refused while an
 *   order is open (409, its message in the page's language); ticked, it erases and signs out
 *   everywhere.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { getCustomer } from "~/features/accounts/customer-session.server";
import { ERASED_NAME } from "~/features/privacy/personal-data";
import { t } from "~/i18n/i18n.server";
import { LanguageProvider } from "~/i18n/i18n-react";
import * as dataPage from "~/routes/account-data";
import * as download from "~/routes/account-data-download";
import { type CustomerRecords, customerRecords } from "../support/factories/customer-records";
import { signedInCustomer } from "../support/factories/customers";
import { routeAnswer, routeArgs } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
let alice: CustomerRecords;
let bob: CustomerRecords;
let aliceCookie: string;

beforeAll(async () => {
  alice = await customerRecords(handle.db, "+919845300001");
  bob = await customerRecords(handle.db, "+919845300002");
  aliceCookie = (await signedInCustomer(handle.db, alice.phone)).cookie;
});

async function downloaded(path: string, cookie?: string): Promise<Response> {
  const answer = await download
    .loader(routeArgs(`http://localhost${path}`, { cookie }))
    .catch((thrown: unknown) => thrown);
  if (!(answer instanceof Response)) throw new Error("expected a Response");
  return answer;
}

describe("download my data", () => {
  it("JSON: an attachment of the signed-in phone's records, private and not stored", async () => {
    const response = await downloaded("/account/data.json", aliceCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await response.text();
    expect(JSON.parse(body).pickups[0].phone).toBe(alice.phone);
    expect(body).not.toContain(bob.phone);
  });

  it("CSV: one file with a section per table, private and not stored", async () => {
    const response = await downloaded("/hi/account/data.csv", aliceCookie);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="my-data-.+\.csv"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await response.text();
    expect(body).toContain("# orders\r\n");
    expect(body).toContain(alice.couponCode);
    expect(body).not.toContain(bob.phone);
  });

  it("signed out: the sign-in page in the page's language", async () => {
    const response = await downloaded("/kn/account/data.json");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/kn\/account\?redirectTo=/);
  });
});

describe("erase my data", () => {
  const erase = (form: Record<string, string>, cookie = aliceCookie, path = "/account/data") =>
    routeAnswer<{ field: string | null; form: string | null }>(() =>
      dataPage.action(routeArgs(`http://localhost${path}`, { cookie, form })),
    );

  it("without the ticked box: 422, the message next to it, nothing erased", async () => {
    const answer = await erase({});
    expect(answer.status).toBe(422);
    expect(answer.body.field).toBe(t("en", "errors.erasure.confirm"));
    const [pickup] = await handle.db.select().from(pickups).where(eq(pickups.id, alice.pickupId));
    expect(pickup?.phone).toBe(alice.phone);
  });

  it("refused while an order is open: 409 with its reference, in the page's language", async () => {
    const carol = await customerRecords(handle.db, "+919845300003");
    await handle.db.update(orders).set({ status: "confirmed" }).where(eq(orders.id, carol.billId));
    const [bill] = await handle.db.select().from(orders).where(eq(orders.id, carol.billId));
    const { cookie } = await signedInCustomer(handle.db, carol.phone);
    const answer = await erase({ confirm: "yes" }, cookie, "/hi/account/data");
    expect(answer.status).toBe(409);
    expect(answer.body.form).toBe(
      t("hi", "errors.erasure.orderOpen", { reference: bill?.reference ?? "" }),
    );
  });

  it("ticked: erases, signs out everywhere, and sends to the page that says so", async () => {
    const other = await signedInCustomer(handle.db, alice.phone);
    const answer = await erase({ confirm: "yes" }, aliceCookie, "/kn/account/data");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/kn/account/data?erased");
    const [pickup] = await handle.db.select().from(pickups).where(eq(pickups.id, alice.pickupId));
    expect(pickup).toMatchObject({ name: ERASED_NAME, phone: "" });
    const stillSignedIn = (cookie: string) =>
      getCustomer(
        new Request("http://localhost/account", { headers: { Cookie: cookie } }),
        handle.db,
      );
    expect(await stillSignedIn(aliceCookie)).toBeNull();
    expect(await stillSignedIn(other.cookie)).toBeNull();
  });
});

/** The page under a frame that provides its messages, as the root route does. */
type FrameProps = Parameters<typeof LanguageProvider>[0];
function EnglishFrame() {
  return createElement(LanguageProvider, { lang: "en" } as FrameProps, createElement(Outlet));
}
function HindiFrame() {
  return createElement(LanguageProvider, { lang: "hi" } as FrameProps, createElement(Outlet));
}
const EnglishPage = createRoutesStub([
  {
    id: "root",
    Component: EnglishFrame,
    children: [{ id: "data", path: "/account/data", Component: dataPage.default as never }],
  },
]);
const HindiPage = createRoutesStub([
  {
    id: "root",
    Component: HindiFrame,
    children: [{ id: "data-hi", path: "/hi/account/data", Component: dataPage.default as never }],
  },
]);

describe("the page", () => {
  type PageData = Awaited<ReturnType<typeof dataPage.loader>>["data"];

  async function render(path: string, actionData?: unknown, signedIn = true): Promise<string> {
    const cookie = signedIn ? (await signedInCustomer(handle.db, bob.phone)).cookie : undefined;
    const page = await routeAnswer<PageData>(() =>
      dataPage.loader(routeArgs(`http://localhost${path}`, { cookie })),
    );
    expect(page.status).toBe(200);
    const lang = path.startsWith("/hi/") ? "hi" : path.startsWith("/kn/") ? "kn" : "en";
    const Stub = lang === "hi" ? HindiPage : EnglishPage;
    const id = lang === "hi" ? "data-hi" : "data";
    return renderToStaticMarkup(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: {
          loaderData: { [id]: page.body },
          ...(actionData ? { actionData: { [id]: actionData } } : {}),
        },
      }),
    );
  }

  it("links the downloads and asks before erasing, in the page's language, without JavaScript", async () => {
    const html = await render("/hi/account/data");
    expect(html).toContain('href="/hi/account/data.json"');
    expect(html).toContain('href="/hi/account/data.csv"');
    expect(html).toContain(t("hi", "accountData.erase.heading"));
    expect(html).toContain('href="/hi/account/data?erase#confirm"');
    expect(html).not.toContain('name="confirm"');

    const step = await render("/account/data?erase");
    expect(step).toContain('action="/account/data?erase" method="post"');
    expect(step).toContain('type="checkbox" id="confirm-erase" name="confirm" value="yes"');
    expect(step).toContain(t("en", "accountData.erase.confirmButton"));
  });

  it("after erasure, signed out: says the data was erased", async () => {
    const html = await render("/account/data?erased", undefined, false);
    expect(html).toContain(t("en", "accountData.erase.done"));
    expect(html).not.toContain(bob.phone.slice(3));
  });

  it("shows a refused erasure's message in the error summary and next to the box", async () => {
    const message = t("en", "errors.erasure.confirm");
    const html = await render("/account/data", { done: false, field: message, form: null });
    expect(html).toContain('role="alert"');
    expect(html).toContain('href="#confirm-erase"');
    expect(html).toContain(`<p id="confirm-erase-error" class="field__error">${message}</p>`);
  });
});
