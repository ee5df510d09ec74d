/**
 * The account's pages through their own loaders and actions, signed in with the factory's
 * cookie (docs/accounts.md "My account"): /account lists the phone's pickups, orders, coupons
 * and payouts and nothing of another phone; the address pages refuse every bad input with the
 * message next to its field (400, nothing written) and answer 404 for another phone's address;
 * the language form keeps the choice, which the next booking stores; booking and checkout come
 * filled in from the default address, checkout with the coupons held; signed out, each account
 * page sends the visitor to sign in; every account path is personal (`private, no-store`).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalogue";
import { customerAddresses } from "~/db/schema/customer-profile";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { serializeCartCookie } from "~/features/cart/cart.server";
import { t } from "~/i18n/i18n.server";
import * as accountRoute from "~/routes/account";
import * as addressRoute from "~/routes/account-address";
import * as newAddressRoute from "~/routes/account-address-new";
import * as languageRoute from "~/routes/account-language";
import * as checkoutRoute from "~/routes/checkout";
import * as orderpageRoute from "~/routes/orderpage";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { isPersonalPath } from "../../server/cache-control";
import { cartWith } from "../support/factories/carts-and-addresses";
import { insertCoupon } from "../support/factories/coupons";
import { signedInCustomer } from "../support/factories/customers";
import { orderRow, pickupRow } from "../support/factories/overview-rows";
import { pickupBookingForm } from "../support/factories/pickup-bookings";
import { routeAnswer, routeArgs } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const database = testDatabaseForFile({ seeded: true });
const db = () => database.db;

/** The coupon factory's phone: its coupons belong to this customer. */
const PHONE = "+919845012345";
const OTHER = "+919900011122";

const address = {
  label: "home",
  name: "Meera Iyer",
  addressLine1: "8 Church Street",
  addressLine2: "Ashok Nagar",
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560001",
};

type Handler = (args: never) => Promise<unknown>;

async function call<T = unknown>(
  handler: Handler,
  url: string,
  options: Parameters<typeof routeArgs>[1] = {},
) {
  return routeAnswer<T>(() => handler(routeArgs<never>(url, options)));
}

async function addressesOf(phone: string) {
  return db().select().from(customerAddresses).where(eq(customerAddresses.phone, phone));
}

beforeEach(async () => {
  resetRateLimits();
  await db().delete(customerAddresses);
});

describe("signed out", () => {
  it("sends the visitor to sign in from every account page, in the page's language", async () => {
    for (const [handler, url] of [
      [newAddressRoute.loader, "http://localhost/hi/account/addresses/new"],
      [addressRoute.loader, "http://localhost/hi/account/addresses/1"],
    ] as const) {
      const answer = await call(handler, url, { params: { id: "1" } });
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/hi\/account\?redirectTo=/);
    }
    const post = await call(languageRoute.action, "http://localhost/account/language", {
      form: { language: "hi" },
    });
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/account/);
  });

  it("keeps every account path personal, documents and .data alike", () => {
    for (const path of [
      "/account",
      "/hi/account",
      "/kn/account/addresses/new",
      "/account/addresses/3.data",
      "/account/language",
    ]) {
      expect(isPersonalPath(path)).toBe(true);
    }
  });
});

describe("/account signed in", () => {
  it("lists the phone's pickups, orders, coupons and payouts with links, none of another phone", async () => {
    const { cookie } = await signedInCustomer(db(), PHONE);
    await db()
      .insert(pickups)
      .values([
        { ...pickupRow("2026-01-10", "11:00", "requested"), phone: PHONE },
        { ...pickupRow("2026-01-11", "11:00", "requested"), phone: OTHER },
      ]);
    await db()
      .insert(orders)
      .values([
        { ...orderRow(new Date(), "placed", 45_000), phone: PHONE },
        { ...orderRow(new Date(), "placed", 77_700), phone: OTHER },
      ]);
    const coupon = await insertCoupon(db(), { valuePaise: 20_000, balancePaise: 7_500 });
    const answer = await call<Awaited<ReturnType<typeof accountRoute.loader>>>(
      accountRoute.loader,
      "http://localhost/hi/account",
      { cookie },
    );
    expect(answer.status).toBe(200);
    const home = answer.body.home;
    if (!home) throw new Error("no account home");
    const tokens = (await db().select().from(pickups).where(eq(pickups.phone, PHONE))).map(
      (p) => `/hi/pickups/${p.trackingToken}`,
    );
    expect(home.pickups.rows.map((p) => p.href).sort()).toEqual(tokens.sort());
    expect(home.orders.rows.map((o) => o.total)).toEqual(["₹450"]);
    expect(home.orders.rows[0]?.href).toMatch(/^\/hi\/orders\//);
    expect(home.coupons.rows.find((c) => c.code === coupon.code)).toMatchObject({
      balance: "₹75",
      value: "₹200",
      state: "active",
    });
    expect(JSON.stringify(home)).not.toContain("₹777");
    const done = await call<Awaited<ReturnType<typeof accountRoute.loader>>>(
      accountRoute.loader,
      "http://localhost/kn/account?done=language",
      { cookie },
    );
    expect(done.body.notice?.id).toBe("myAccount.language.saved");
    const signedOut = await call<Awaited<ReturnType<typeof accountRoute.loader>>>(
      accountRoute.loader,
      "http://localhost/account",
    );
    expect(signedOut.body.home).toBeNull();
  });
});

describe("the address pages", () => {
  const bad: [string, Record<string, string>, string][] = [
    ["label", { label: "castle" }, "errors.address.label"],
    ["label", { label: "" }, "errors.address.label"],
    ["name", { name: "" }, "errors.form.nameRequired"],
    ["name", { name: "x".repeat(101) }, "errors.form.nameTooLong"],
    ["addressLine1", { addressLine1: " " }, "errors.form.addressLine1Required"],
    ["addressLine1", { addressLine1: "x".repeat(141) }, "errors.form.addressLine1TooLong"],
    ["addressLine2", { addressLine2: "" }, "errors.form.addressLine2Required"],
    ["addressLine2", { addressLine2: "x".repeat(141) }, "errors.form.addressLine2TooLong"],
    ["city", { city: "" }, "errors.form.cityRequired"],
    ["city", { city: "x".repeat(81) }, "errors.form.cityTooLong"],
    ["state", { state: "" }, "errors.checkout.state"],
    ["state", { state: "Atlantis" }, "errors.checkout.state"],
    ["pinCode", { pinCode: "" }, "errors.form.pinCode"],
    ["pinCode", { pinCode: "056000" }, "errors.form.pinCode"],
    ["pinCode", { pinCode: "12345a" }, "errors.form.pinCode"],
  ];
  for (const [field, change, id] of bad) {
    it(`refuses ${field} = ${JSON.stringify(Object.values(change)[0]).slice(0, 20)} next to the field, in Hindi, writing nothing`, async () => {
      const { cookie } = await signedInCustomer(db(), PHONE);
      const answer = await call<{ errors: Record<string, string> }>(
        newAddressRoute.action,
        "http://localhost/hi/account/addresses/new",
        { cookie, form: { ...address, ...change, intent: "save" } },
      );
      expect(answer.status).toBe(400);
      const text = answer.body.errors[field];
      expect(text).toBeTruthy();
      expect(text).toBe(
        t("hi", id, {
          max: id.endsWith("TooLong") ? (field === "name" ? 100 : field === "city" ? 80 : 140) : 0,
        }),
      );
      expect(await addressesOf(PHONE)).toHaveLength(0);
    });
  }

  it("refuses a PIN code that does not exist or lies in another state, naming the states in the page's language", async () => {
    const { cookie } = await signedInCustomer(db(), PHONE);
    const unknown = await call<{ errors: Record<string, string> }>(
      newAddressRoute.action,
      "http://localhost/kn/account/addresses/new",
      { cookie, form: { ...address, pinCode: "999999", intent: "save" } },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.pinCode).toBe(
      t("kn", "errors.checkout.pinUnknown", { pinCode: "999999" }),
    );
    const elsewhere = await call<{ errors: Record<string, string> }>(
      newAddressRoute.action,
      "http://localhost/account/addresses/new",
      { cookie, form: { ...address, pinCode: "110001", intent: "save" } },
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors.pinCode).toContain("Delhi");
    expect(await addressesOf(PHONE)).toHaveLength(0);
  });

  it("saves, edits, makes default and deletes, and refuses the 11th address at the top of the form", async () => {
    const { cookie } = await signedInCustomer(db(), PHONE);
    const saved = await call(newAddressRoute.action, "http://localhost/account/addresses/new", {
      cookie,
      form: { ...address, intent: "save" },
    });
    expect(saved).toMatchObject({ status: 303, location: "/account?done=addressSaved" });
    for (let i = 0; i < 9; i++) {
      await call(newAddressRoute.action, "http://localhost/account/addresses/new", {
        cookie,
        form: { ...address, label: "office", intent: "save" },
      });
    }
    const rows = await addressesOf(PHONE);
    expect(rows).toHaveLength(10);
    const eleventh = await call<{ formError: string }>(
      newAddressRoute.action,
      "http://localhost/hi/account/addresses/new",
      { cookie, form: { ...address, intent: "save" } },
    );
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.formError).toBe(t("hi", "errors.address.tooMany", { max: 10 }));
    const office = rows.find((row) => !row.isDefault);
    if (!office) throw new Error("no second address");
    const url = `http://localhost/account/addresses/${office.id}`;
    const params = { id: String(office.id) };
    const edited = await call(addressRoute.action, url, {
      cookie,
      params,
      form: { ...address, city: "Mysuru", pinCode: "570001", intent: "save" },
    });
    expect(edited.status).toBe(303);
    await call(addressRoute.action, url, { cookie, params, form: { intent: "makeDefault" } });
    const now = await addressesOf(PHONE);
    expect(now.filter((row) => row.isDefault).map((row) => [row.id, row.city])).toEqual([
      [office.id, "Mysuru"],
    ]);
    const deleted = await call(addressRoute.action, url, {
      cookie,
      params,
      form: { intent: "delete" },
    });
    expect(deleted).toMatchObject({ status: 303, location: "/account?done=addressDeleted" });
    const left = await addressesOf(PHONE);
    expect(left).toHaveLength(9);
    expect(left.filter((row) => row.isDefault)).toHaveLength(1);
  });

  it("answers 404 for another phone's address, reading or changing it, and for ids that are not ids", async () => {
    const owner = await signedInCustomer(db(), OTHER);
    await call(newAddressRoute.action, "http://localhost/account/addresses/new", {
      cookie: owner.cookie,
      form: { ...address, intent: "save" },
    });
    const [theirs] = await addressesOf(OTHER);
    if (!theirs) throw new Error("no address");
    const { cookie } = await signedInCustomer(db(), PHONE);
    const url = `http://localhost/account/addresses/${theirs.id}`;
    const params = { id: String(theirs.id) };
    expect((await call(addressRoute.loader, url, { cookie, params })).status).toBe(404);
    for (const form of [
      { ...address, name: "Someone else", intent: "save" },
      { intent: "delete" },
      { intent: "makeDefault" },
    ]) {
      expect((await call(addressRoute.action, url, { cookie, params, form })).status).toBe(404);
    }
    expect(await addressesOf(OTHER)).toMatchObject([{ name: address.name, isDefault: true }]);
    for (const id of ["abc", "0", "-1", "99999999999", "1e3"]) {
      const answer = await call(addressRoute.loader, `http://localhost/account/addresses/${id}`, {
        cookie,
        params: { id },
      });
      expect(answer.status).toBe(404);
    }
    const unknownIntent = await call(addressRoute.action, url.replace(String(theirs.id), "1"), {
      cookie,
      params: { id: "1" },
      form: { intent: "steal" },
    });
    expect(unknownIntent.status).toBe(400);
  });
});

describe("language, booking and checkout", () => {
  it("keeps the language chosen, refuses another, and the next booking's messages use it", async () => {
    const { cookie } = await signedInCustomer(db(), PHONE);
    const refused = await call(languageRoute.action, "http://localhost/account/language", {
      cookie,
      form: { language: "fr" },
    });
    expect(refused.status).toBe(400);
    const chosen = await call(languageRoute.action, "http://localhost/hi/account/language", {
      cookie,
      form: { language: "kn" },
    });
    expect(chosen).toMatchObject({ status: 303, location: "/hi/account?done=language" });
    const booking = await call(orderpageRoute.action, "http://localhost/hi/orderpage", {
      form: pickupBookingForm({ phone: "98450 12345", email: "lang@example.com" }),
    });
    expect(booking.status).toBe(303);
    const [booked] = await db().select().from(pickups).where(eq(pickups.email, "lang@example.com"));
    expect(booked?.language).toBe("kn");
  });

  it("fills the booking and checkout from the default address and offers the coupons held", async () => {
    const { cookie } = await signedInCustomer(db(), PHONE);
    await call(newAddressRoute.action, "http://localhost/account/addresses/new", {
      cookie,
      form: { ...address, intent: "save" },
    });
    const coupon = await insertCoupon(db(), { valuePaise: 30_000, balancePaise: 12_000 });
    const booking = await call<Awaited<ReturnType<typeof orderpageRoute.loader>>>(
      orderpageRoute.loader,
      "http://localhost/orderpage",
      { cookie },
    );
    expect(booking.body.prefill).toMatchObject({
      name: "Meera Iyer",
      phone: "+91 98450 12345",
      addressLine1: "8 Church Street",
      addressLine2: "Ashok Nagar",
      pinCode: "560001",
    });
    const checkout = await call<Awaited<ReturnType<typeof checkoutRoute.loader>>>(
      checkoutRoute.loader,
      "http://localhost/checkout",
      { cookie },
    );
    expect(checkout.body.prefill).toMatchObject({
      address: "8 Church Street, Ashok Nagar",
      state: "Karnataka",
    });
    expect(checkout.body.heldCoupons).toContainEqual(
      expect.objectContaining({ code: coupon.code, balance: "₹120" }),
    );
    // Its button applies it like 'Apply' with the code typed; nothing is written.
    const [plant] = await db().select().from(products).where(eq(products.slug, "tulsi"));
    if (!plant) throw new Error("no tulsi in the seed");
    const cart = await cartWith(db(), [{ productId: plant.id, quantity: 1 }]);
    const cartCookie = (
      await serializeCartCookie(new Request("http://localhost/"), cart.cartId)
    ).split(";")[0];
    const applied = await call<{ coupon?: { code: string } }>(
      checkoutRoute.action,
      "http://localhost/checkout",
      { cookie: `${cookie}; ${cartCookie}`, form: { heldCoupon: coupon.code, couponCode: "" } },
    );
    expect(applied.status).toBe(200);
    expect(applied.body.coupon?.code).toBe(coupon.code);
    expect(await db().select().from(orders).where(eq(orders.email, "meera@example.com"))).toEqual(
      [],
    );
    const anonymous = await call<Awaited<ReturnType<typeof checkoutRoute.loader>>>(
      checkoutRoute.loader,
      "http://localhost/checkout",
    );
    expect(anonymous.body.prefill).toEqual({});
    expect(anonymous.body.heldCoupons).toEqual([]);
  });
});
