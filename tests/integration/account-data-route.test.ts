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
import { beforeAll, describe, expect, it } from "vitest";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { getCustomer } from "~/features/accounts/customer-session.server";
import { ERASED_NAME } from "~/features/privacy/personal-data";
import { t } from "~/i18n/i18n.server";
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
    routeAnswer<{ done: boolean; field: string | null; form: string | null }>(() =>
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

  it("ticked: erases, signs out everywhere, and the page says so", async () => {
    const other = await signedInCustomer(handle.db, alice.phone);
    const answer = await erase({ confirm: "yes" });
    expect(answer.status).toBe(200);
    expect(answer.body.done).toBe(true);
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
