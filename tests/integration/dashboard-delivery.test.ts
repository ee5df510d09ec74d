/**
 * The admin's delivery areas page (docs/shop.md "Delivery areas"): an area added with rupees
 * and days as typed, changed, and removed only after its confirmation step; bad fields answered
 * next to the field with nothing written; a prefix another area has refused next to Prefix;
 * staff who are not admins get 403.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deliveryAreas } from "~/db/schema/delivery";
import * as page from "~/routes/dashboard/delivery";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
const URL_ = "http://localhost/dashboard/delivery";
let admin: string;
let staff: string;

beforeAll(async () => {
  admin = (await signedInStaff(handle.db, "admin")).cookie;
  staff = (await signedInStaff(handle.db, "staff")).cookie;
});

type Answer = {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
};

const post = (form: Record<string, string>, cookie = admin) =>
  routeAnswer<Answer>(() => page.action(routeArgs<never>(URL_, { cookie, form })));

const tumakuru = {
  intent: "save",
  prefix: "572",
  name: "Tumakuru",
  charge: "79",
  freeFrom: "1,499.50",
  minDays: "2",
  maxDays: "4",
  cashOnDelivery: "on",
  cashOnDeliveryMax: "3000",
};

async function areaOf(prefix: string) {
  const [row] = await handle.db
    .select()
    .from(deliveryAreas)
    .where(eq(deliveryAreas.prefix, prefix));
  return row;
}

describe("/dashboard/delivery", () => {
  it("adds an area from rupees and days as typed, then changes it", async () => {
    const added = await post(tumakuru);
    expect(added).toMatchObject({ status: 302, location: "/dashboard/delivery?saved=572" });
    const row = await areaOf("572");
    expect(row).toMatchObject({
      name: "Tumakuru",
      chargePaise: 7_900,
      freeFromPaise: 149_950,
      minDays: 2,
      maxDays: 4,
      cashOnDelivery: true,
      cashOnDeliveryMaxPaise: 300_000,
    });
    // Cash on delivery unticked: its limit is not kept.
    const { cashOnDelivery: _cod, ...noCod } = tumakuru;
    await post({ ...noCod, areaId: String(row?.id), charge: "0", freeFrom: "" });
    expect(await areaOf("572")).toMatchObject({
      chargePaise: 0,
      freeFromPaise: null,
      cashOnDelivery: false,
      cashOnDeliveryMaxPaise: null,
    });
  });

  it("answers bad fields next to each, and writes nothing", async () => {
    const before = await handle.db.$count(deliveryAreas);
    const answer = await post({
      ...tumakuru,
      prefix: "0560",
      name: " ",
      charge: "-5",
      minDays: "6",
      maxDays: "3",
      cashOnDeliveryMax: "0",
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual([
      "cashOnDeliveryMax",
      "charge",
      "maxDays",
      "name",
      "prefix",
    ]);
    expect(answer.body.errors.maxDays).toBe(
      "The longest delivery time cannot be shorter than the shortest.",
    );
    expect(await handle.db.$count(deliveryAreas)).toBe(before);
  });

  it("refuses another area's prefix next to Prefix", async () => {
    const answer = await post({ ...tumakuru, prefix: "560", name: "Bengaluru again" });
    expect(answer.status).toBe(409);
    expect(answer.body.errors.prefix).toBe(
      "Another delivery area already has the prefix 560. Change that area instead.",
    );
  });

  it("removes an area only after its confirmation step", async () => {
    await post({ ...tumakuru, prefix: "573", name: "Hassan" });
    const id = String((await areaOf("573"))?.id);
    const first = await post({ intent: "remove", areaId: id });
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/dashboard/delivery?confirm=remove&areaId=${id}#confirm`);
    expect(await areaOf("573")).toBeDefined();
    const confirmed = await post({ intent: "remove", areaId: id, confirm: "yes" });
    expect(confirmed.location).toBe("/dashboard/delivery?removed=573");
    expect(await areaOf("573")).toBeUndefined();
  });

  it("is for admins only", async () => {
    const answer = await post(tumakuru, staff);
    expect(answer.status).toBe(403);
    const read = await routeAnswer(() => page.loader(routeArgs<never>(URL_, { cookie: staff })));
    expect(read.status).toBe(403);
  });
});
