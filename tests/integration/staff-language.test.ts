/**
 * The collector's screens in the staff member's language (docs/languages.md "Staff language"):
 * `staff_user.language` is English by default; a collector sets their own on the route sheet,
 * an admin anyone's on the Staff page (one audit row each), nobody else another's; the route
 * sheet and the weigh sheet at the door then send that language's words, material names and
 * times, and say their language in `lang`. Through the route modules with real sessions.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { weighSheets } from "~/db/schema/exchange";
import { pickupItems, pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { staffUsers } from "~/db/schema/staff";
import { seedDatabase } from "~/db/seed.server";
import { handoverResultMessage } from "~/features/exchange/handover-code";
import { StaffAccountError } from "~/features/staff/auth.server";
import { setStaffLanguage, staffLanguageOf } from "~/features/staff/staff-language.server";
import { t } from "~/i18n/i18n.server";
import * as routeSheetRoute from "~/routes/dashboard/route";
import * as routeHandoverRoute from "~/routes/dashboard/route-handover";
import * as routePickupRoute from "~/routes/dashboard/route-pickup";
import * as staffRoute from "~/routes/dashboard/staff";
import { todayInKolkata } from "~/utils/dates";
import { pickupAddress } from "../support/factories/carts-and-addresses";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const BASE = "http://localhost/dashboard";
const today = todayInKolkata(new Date());

type Account = Awaited<ReturnType<typeof signedInStaff>>;
let admin: Account;
let collector: Account;
let other: Account;
let pickupId: number;
let newspaper: { id: number; nameHi: string; nameKn: string };

beforeAll(async () => {
  await seedDatabase(handle.db);
  admin = await signedInStaff(handle.db, "admin");
  collector = await signedInStaff(handle.db, "collector");
  other = await signedInStaff(handle.db, "collector");
  const [material] = await handle.db
    .select()
    .from(scrapMaterials)
    .where(eq(scrapMaterials.name, "Newspaper and books"));
  if (!material) throw new Error("no newspaper in the seed");
  newspaper = material;
  const [pickup] = await handle.db
    .insert(pickups)
    .values({
      ...pickupAddress,
      reference: "PU-LANG01",
      trackingToken: "staff-language-token-1",
      pickupDate: today,
      slotStart: "13:00",
      rewardPreference: "coupon",
      estimatePaise: 12_000,
      status: "confirmed",
      collectorId: collector.user.id,
      onTheWayAt: new Date(),
    })
    .returning({ id: pickups.id });
  if (!pickup) throw new Error("no pickup");
  pickupId = pickup.id;
  await handle.db.insert(pickupItems).values({
    pickupId,
    materialId: newspaper.id,
    ratePaisePerKg: 1000,
    estimatedGrams: 12_000,
  });
});

type SheetData = Awaited<ReturnType<typeof routeSheetRoute.loader>>;
type DoorData = Awaited<ReturnType<typeof routePickupRoute.loader>>;

const routeSheet = (cookie: string) =>
  routeSheetRoute.loader(
    routeArgs(`${BASE}/route?date=${today}`, { cookie }),
  ) as Promise<SheetData>;
const door = (cookie: string) =>
  routePickupRoute.loader(
    routeArgs(`${BASE}/route/${pickupId}`, { cookie, params: { id: String(pickupId) } }),
  ) as Promise<DoorData>;

async function languageAudits(userId: string) {
  return handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "staff.language"), eq(auditLog.entityId, userId)));
}

describe("the staff language setting", () => {
  it("is English by default: the route sheet's words and names are English", async () => {
    expect(await staffLanguageOf(handle.db, collector.user.id)).toBe("en");
    const sheet = await routeSheet(collector.cookie);
    expect(sheet.lang).toBe("en");
    expect(sheet.messages["collector.visit.on_my_way"]).toBeDefined();
    const card = sheet.sheet.groups.flatMap((g) => g.pickups).find((p) => p.id === pickupId);
    expect(card?.estimate.map((line) => line.material)).toEqual(["Newspaper and books"]);
  });

  it("a collector sets their own on the route sheet; the sheet is then in Hindi", async () => {
    const answer = (await routeSheetRoute.action(
      routeArgs(`${BASE}/route`, {
        cookie: collector.cookie,
        form: { intent: "language", language: "hi", date: today },
      }),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/dashboard/route?date=${today}&done=language`);
    expect(await staffLanguageOf(handle.db, collector.user.id)).toBe("hi");
    expect(await languageAudits(collector.user.id)).toHaveLength(1);

    const sheet = await routeSheet(collector.cookie);
    expect(sheet.lang).toBe("hi");
    const card = sheet.sheet.groups.flatMap((g) => g.pickups).find((p) => p.id === pickupId);
    expect(card?.estimate.map((line) => line.material)).toEqual([newspaper.nameHi]);
    expect(card?.onTheWayAt).not.toMatch(/[A-Za-z]/);
    expect(sheet.sheet.groups[0]?.label).toBe(t("hi", "pickup.slot.1300"));
    // The compiled Hindi words travel in the loader data (the button 'On my way').
    expect(JSON.stringify(sheet.messages["collector.visit.on_my_way"])).toContain("रास्ते में हूँ");
  });

  it("the weigh sheet at the door is in the staff member's language, rates with its kg word", async () => {
    const page = await door(collector.cookie);
    expect(page.lang).toBe("hi");
    expect(page.materials.find((m) => m.id === newspaper.id)?.name).toBe(newspaper.nameHi);
    expect(page.pickup.estimate.map((line) => line.material)).toEqual([newspaper.nameHi]);
    expect(page.slotLabel).toBe(t("hi", "pickup.slot.1300"));
    expect(JSON.stringify(page.messages["collector.weigh.save"])).toContain("तौल पर्ची सहेजें");
  });

  it("a refused weigh sheet answers in the staff member's language and writes nothing", async () => {
    const answer = await routeAnswer<{ error: string; fieldErrors: Record<string, string> }>(() =>
      routePickupRoute.action(
        routeArgs(`${BASE}/route/${pickupId}`, {
          cookie: collector.cookie,
          params: { id: String(pickupId) },
          form: { intent: "weigh", expectedVersion: "0", [`kg-${newspaper.id}`]: "बारह" },
        }),
      ),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe(t("hi", "collector.refusal.correct"));
    const fieldMessage = answer.body.fieldErrors[`kg-${newspaper.id}`] ?? "";
    expect(fieldMessage).toMatch(/[\u0900-\u097F]/);
    expect(fieldMessage).not.toMatch(/[A-Za-z]/);
    const sheets = await handle.db
      .select()
      .from(weighSheets)
      .where(eq(weighSheets.pickupId, pickupId));
    expect(sheets).toEqual([]);
  });

  it("the handover code's answers and the route sheet's date message are in Hindi too", async () => {
    const answer = await routeAnswer(() =>
      routeHandoverRoute.action(
        routeArgs(`${BASE}/route/${pickupId}/handover`, {
          cookie: collector.cookie,
          params: { id: String(pickupId) },
          form: { version: "1", code: "12a4" },
        }),
      ),
    );
    // No sheet yet: the refusal travels as a key; the page words it from the catalogue.
    const key = new URL(answer.location ?? "", "http://x").searchParams.get("handover");
    const shown = handoverResultMessage(key);
    expect(shown?.ok).toBe(false);
    const text = shown ? t("hi", shown.message.id, shown.message.values) : "";
    expect(text).toMatch(/[\u0900-\u097F]/);
    expect(text).not.toMatch(/[A-Za-z]/);

    const sheet = (await routeSheetRoute.loader(
      routeArgs(`${BASE}/route?date=yesterday`, { cookie: collector.cookie }),
    )) as SheetData;
    expect(sheet.dateProblem).toBe(
      t("hi", "collector.route.dateProblem", { example: "2026-11-23" }),
    );
    expect(sheet.dateProblem).toContain("तारीख़");
  });

  it("an admin sets anyone's on the Staff page; another collector cannot", async () => {
    const answer = await staffRoute.action(
      routeArgs(`${BASE}/staff`, {
        cookie: admin.cookie,
        form: { intent: "language", userId: other.user.id, language: "kn" },
      }),
    );
    expect(JSON.stringify(answer)).toContain("Kannada");
    expect(await staffLanguageOf(handle.db, other.user.id)).toBe("kn");
    const list = await staffRoute.loader(routeArgs(`${BASE}/staff`, { cookie: admin.cookie }));
    expect(list.staff.find((row) => row.id === other.user.id)?.language).toBe("kn");

    await expect(
      setStaffLanguage(handle.db, { ...collector.user, role: "collector" }, other.user.id, "en"),
    ).rejects.toBeInstanceOf(StaffAccountError);
    expect(await staffLanguageOf(handle.db, other.user.id)).toBe("kn");

    const refused = await staffRoute.action(
      routeArgs(`${BASE}/staff`, {
        cookie: admin.cookie,
        form: { intent: "language", userId: other.user.id, language: "fr" },
      }),
    );
    expect(JSON.stringify(refused)).toContain("400");
    expect(await staffLanguageOf(handle.db, other.user.id)).toBe("kn");
  });

  it("the database refuses a language it does not know", async () => {
    await expect(
      handle.db
        .update(staffUsers)
        .set({ language: "fr" as "en" })
        .where(eq(staffUsers.id, other.user.id)),
    ).rejects.toThrow();
  });
});
