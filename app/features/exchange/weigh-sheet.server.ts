/**
 * Saving a weigh sheet (docs/exchange.md "The weigh sheet"): the collector (or staff) weighs the
 * scrap at the door; each save is a new version priced at the rates of the day, waiting for the
 * customer to confirm it. Weights are integer grams, rates paise per kg, money integer paise.
 * Everything happens in one transaction with its audit row; a refusal writes nothing.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { localisedColumn } from "~/db/localised-column.server";
import { materialNames, productNames, shownName } from "~/db/localised-names.server";
import { products } from "~/db/schema/catalogue";
import { weighSheetLines, weighSheetPlants, weighSheets } from "~/db/schema/exchange";
import { type Pickup, pickupItems, pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { staffUsers } from "~/db/schema/staff";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { assertPickupTransition } from "~/features/pickups/pickup-transition.server";
import { refusalText } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { handoverCode } from "~/utils/codes.server";
import { type ExchangeSettings, env } from "~/utils/env.server";
import { formatPaise } from "~/utils/money";
import type { MessageValues } from "~/utils/refusal";
import { GRAMS_PER_KG } from "~/utils/units";
import { MAX_SHEET_VALUE_PAISE, MAX_WEIGHED_KG } from "./collection";
import { type DoorActor, doorActionProblem } from "./collector-access";
import { ExchangeError, type ExchangeStatus } from "./exchange-error";
import { enqueueWeighSheetReady, holdWeighSheetReady } from "./exchange-messages.server";
import {
  type PricedWeighSheet,
  priceWeighSheet,
  type WeighSheetFormData,
  type WeighSheetLineInput,
  type WeighSheetPricingSettings,
} from "./weigh-sheet";
import { parseWeighSheetForm, weighSheetFormErrors } from "./weigh-sheet.schema";
import { latestSheetVersion, weighSheetsOf } from "./weigh-sheet-view.server";

/** Most plants of one kind on a reward. */
export const MAX_PLANT_QUANTITY = 20;

/** A weigh sheet as posted, after the form's own checks (weigh-sheet.schema.ts). */
export interface WeighSheetInput {
  /** Weighed grams per material (0 = none of it came; such lines are dropped). */
  lines: { materialId: number; grams: number }[];
  /** The plants picked as the reward of a 'plants' pickup (empty otherwise). */
  plants: { productId: number; quantity: number }[];
  /** The latest version the form showed, 0 for none: a save on a stale form is refused. */
  expectedVersion: number;
}

export interface SaveWeighSheetOptions {
  settings: ExchangeSettings;
  /** The pickup minimum, kg (pickupConfigFromEnv().minimumKg). */
  minimumKg: number;
  now: Date;
  /** Staff's note when correcting a disputed sheet (stored as the resolution note). */
  note?: string;
}

export interface SavedWeighSheet {
  weighSheetId: number;
  version: number;
  payoutPaise: number;
  rewardValuePaise: number;
  /** Worth more than `settings.approvalAbovePaise`: waits for an admin's approval. */
  approvalRequired: boolean;
}

/** Field names the errors use (the form maps them to its own rows). */
export const weighSheetErrorFields = {
  kg: (materialId: number) => `kg-${materialId}`,
  material: (materialId: number) => `material-${materialId}`,
  plant: (productId: number) => `plant-${productId}`,
  plants: "plants",
  form: "form",
} as const;

/** The refusal id of a save on a stale form (409): another version was saved meanwhile. */
export const WEIGH_SHEET_CHANGED = "collector.refusal.changed";
/** The refusal id of a collector saving over a disputed sheet (403): staff correct it. */
export const DISPUTED_STAFF_ONLY = "collector.refusal.disputedStaffOnly";

/** A 422 refusal of the weigh sheet on `field` (a `collector.refusal.*` or weight id). */
const refuse = (field: string, id: string, values: MessageValues = {}) =>
  new ExchangeError(id, 422, values, field);

/** The pickup row, locked for the rest of the transaction. @throws ExchangeError 404. */
async function lockPickup(tx: Database, pickupId: number): Promise<Pickup> {
  const [pickup] = await tx.select().from(pickups).where(eq(pickups.id, pickupId)).for("update");
  if (!pickup) throw new ExchangeError("errors.pickup.notFound", 404);
  return pickup;
}

/** Checks the weights' shape: whole grams within 0..2,000 kg, each material once, one above 0. */
function checkedLines(input: WeighSheetInput): { materialId: number; grams: number }[] {
  const seen = new Set<number>();
  for (const line of input.lines) {
    const field = weighSheetErrorFields.kg(line.materialId);
    if (!Number.isSafeInteger(line.materialId) || line.materialId <= 0) {
      throw refuse(weighSheetErrorFields.form, "collector.refusal.materialNotListed");
    }
    if (seen.has(line.materialId)) throw refuse(field, "collector.refusal.materialTwice");
    seen.add(line.materialId);
    if (!Number.isSafeInteger(line.grams)) throw refuse(field, "errors.pickup.weightEmpty");
    if (line.grams < 0) throw refuse(field, "errors.pickup.weightNegative");
    if (line.grams > MAX_WEIGHED_KG * GRAMS_PER_KG) {
      throw refuse(field, "errors.pickup.weightAtMost", {
        kg: MAX_WEIGHED_KG.toLocaleString("en-IN"),
      });
    }
  }
  const weighed = input.lines.filter((line) => line.grams > 0);
  if (weighed.length === 0) throw refuse(weighSheetErrorFields.form, "collector.refusal.noWeight");
  return weighed;
}

/**
 * The weighed lines with each material's name and CURRENT rate (the rate of the day of
 * collection). A material must be on the rate list, and active unless it is in the estimate.
 * @throws ExchangeError 422 naming `material-<id>`.
 */
async function linesAtToday(
  tx: Database,
  pickupId: number,
  weighed: { materialId: number; grams: number }[],
): Promise<WeighSheetLineInput[]> {
  const ids = weighed.map((line) => line.materialId);
  const materials = await tx
    .select({
      id: scrapMaterials.id,
      name: scrapMaterials.name,
      rate: scrapMaterials.ratePaisePerKg,
      active: scrapMaterials.active,
    })
    .from(scrapMaterials)
    .where(inArray(scrapMaterials.id, ids));
  const estimated = await tx
    .select({ materialId: pickupItems.materialId })
    .from(pickupItems)
    .where(eq(pickupItems.pickupId, pickupId));
  const inEstimate = new Set(estimated.map((row) => row.materialId));
  return weighed.map((line) => {
    const material = materials.find((m) => m.id === line.materialId);
    if (!material || (!material.active && !inEstimate.has(material.id))) {
      throw refuse(
        weighSheetErrorFields.material(line.materialId),
        "collector.refusal.materialNotListed",
      );
    }
    return {
      materialId: material.id,
      materialName: material.name,
      grams: line.grams,
      ratePaisePerKg: material.rate,
    };
  });
}

interface PickedPlant {
  productId: number;
  name: string;
  unitPricePaise: number;
  quantity: number;
  lineTotalPaise: number;
}

/** Checks each plant's quantity and that a plant is picked once. @throws ExchangeError 422. */
function checkPlantShapes(pickup: Pickup, plants: WeighSheetInput["plants"]): void {
  if (plants.length > 0 && pickup.rewardPreference !== "plants") {
    const id =
      pickup.rewardPreference === "coupon"
        ? "collector.refusal.rewardNotPlantsCoupon"
        : "collector.refusal.rewardNotPlantsMoney";
    throw refuse(weighSheetErrorFields.plants, id);
  }
  const seen = new Set<number>();
  for (const plant of plants) {
    const field = weighSheetErrorFields.plant(plant.productId);
    if (seen.has(plant.productId)) throw refuse(field, "collector.refusal.plantTwice");
    seen.add(plant.productId);
    if (
      !Number.isSafeInteger(plant.quantity) ||
      plant.quantity < 1 ||
      plant.quantity > MAX_PLANT_QUANTITY
    ) {
      throw refuse(field, "collector.refusal.plantQuantity", { max: MAX_PLANT_QUANTITY });
    }
  }
}

/**
 * The plants of a 'plants' reward at today's prices: active plants of the catalogue, in stock
 * now (stock itself goes down when the customer confirms), worth at most the reward's value.
 * @throws ExchangeError 422 naming `plant-<id>` or `plants`.
 */
async function pickedPlants(
  tx: Database,
  pickup: Pickup,
  plants: WeighSheetInput["plants"],
  rewardValuePaise: number,
): Promise<PickedPlant[]> {
  checkPlantShapes(pickup, plants);
  if (plants.length === 0) return [];
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      price: products.pricePaise,
      stock: products.stock,
      kind: products.kind,
      active: products.active,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        plants.map((plant) => plant.productId),
      ),
    );
  const picked = plants.map((plant) => {
    const product = rows.find((row) => row.id === plant.productId);
    const field = weighSheetErrorFields.plant(plant.productId);
    if (product?.kind !== "plant" || !product.active) {
      throw refuse(field, "collector.refusal.plantNotSold");
    }
    if (product.stock < plant.quantity) {
      throw refuse(field, "collector.refusal.plantStock", { count: product.stock });
    }
    return {
      productId: product.id,
      name: product.name,
      unitPricePaise: product.price,
      quantity: plant.quantity,
      lineTotalPaise: product.price * plant.quantity,
    };
  });
  const worth = picked.reduce((sum, plant) => sum + plant.lineTotalPaise, 0);
  if (worth > rewardValuePaise) {
    throw refuse(weighSheetErrorFields.plants, "collector.refusal.plantsTooDear", {
      worth: formatPaise(worth),
      reward: formatPaise(rewardValuePaise),
    });
  }
  return picked;
}

/** The e-mail the audit log names for `actor`. */
async function actorEmail(tx: Database, actor: DoorActor & { email?: string }): Promise<string> {
  if (actor.email) return actor.email;
  const [row] = await tx
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.id, actor.id));
  return row?.email ?? actor.name;
}

/** Inserts version `version` with its lines and plants; supersedes the pending version. */
async function insertVersion(
  tx: Database,
  pickup: Pickup,
  version: number,
  priced: PricedWeighSheet,
  plants: PickedPlant[],
  actor: DoorActor,
  options: SaveWeighSheetOptions & { approvalRequired: boolean },
): Promise<number> {
  await tx
    .update(weighSheets)
    .set({ status: "superseded" })
    .where(and(eq(weighSheets.pickupId, pickup.id), eq(weighSheets.status, "pending")));
  const [sheet] = await tx
    .insert(weighSheets)
    .values({
      pickupId: pickup.id,
      version,
      status: "pending",
      totalGrams: priced.totalGrams,
      subtotalPaise: priced.subtotalPaise,
      pickupChargePaise: priced.pickupChargePaise,
      payoutPaise: priced.payoutPaise,
      bonusPercent: priced.bonusPercent,
      rewardValuePaise: priced.rewardValuePaise,
      createdById: actor.id,
      createdByName: actor.name,
      createdAt: options.now,
      resolutionNote: options.note?.trim() ? options.note.trim() : null,
      approvalRequired: options.approvalRequired,
    })
    .returning({ id: weighSheets.id });
  if (!sheet) throw new Error("The weigh sheet was not inserted.");
  await tx.insert(weighSheetLines).values(
    priced.lines.map((line) => ({
      weighSheetId: sheet.id,
      materialId: line.materialId,
      materialName: line.materialName,
      grams: line.grams,
      ratePaisePerKg: line.ratePaisePerKg,
      amountPaise: line.amountPaise,
    })),
  );
  if (plants.length > 0) {
    await tx.insert(weighSheetPlants).values(plants.map((p) => ({ ...p, weighSheetId: sheet.id })));
  }
  return sheet.id;
}

/**
 * The pickup's handover code once version `version` is saved (docs/exchange.md "The handover
 * code"): none before 'On my way'; a code issued before any sheet (bound to 0) is bound to this
 * first version; a code already bound to an earlier version is replaced by a new one, so a code
 * the customer read out for one version never confirms another.
 */
function handoverCodeFor(pickup: Pickup, version: number) {
  if (pickup.handoverCode === null) return { handoverCode: null, handoverCodeVersion: null };
  if ((pickup.handoverCodeVersion ?? 0) === 0) {
    return { handoverCode: pickup.handoverCode, handoverCodeVersion: version };
  }
  let renewed = handoverCode();
  while (renewed === pickup.handoverCode) renewed = handoverCode();
  return { handoverCode: renewed, handoverCodeVersion: version };
}

/**
 * Moves the pickup to 'weighed' (a new version of a weighed pickup keeps it there), binds its
 * handover code to `version` (`handoverCodeFor`) and resets the count of wrong codes.
 */
async function markWeighed(tx: Database, pickup: Pickup, version: number, now: Date) {
  if (pickup.status !== "weighed") assertPickupTransition(pickup.status, "weighed");
  await tx
    .update(pickups)
    .set({
      status: "weighed",
      ...handoverCodeFor(pickup, version),
      handoverFailures: 0,
      updatedAt: now,
    })
    .where(eq(pickups.id, pickup.id));
}

/**
 * Saves a new weigh sheet version of pickup `pickupId`, in one transaction with the pickup row
 * locked: the weighed lines priced at each material's CURRENT rate (stored per line with its
 * name; lines of 0 kg dropped), the pickup charge under `minimumKg`, the payout and the reward's
 * value (`priceWeighSheet`), the plants of a 'plants' reward, status 'pending'. The previous
 * pending version becomes 'superseded' (a disputed one stays 'disputed'); the pickup becomes
 * 'weighed' (its payout is set at confirmation) and its handover code is bound to the new
 * version (a new code when it was bound to an earlier one; wrong tries reset); one audit row
 * 'pickup.weighed'. A sheet whose reward value is above `settings.approvalAbovePaise` waits for
 * an admin's approval (`approveWeighSheet`), and its 'weigh_sheet_ready' message goes then.
 * @param actor who saves: a collector only on a pickup assigned to them and never over a
 *   disputed sheet; staff and admins on any.
 * @throws ExchangeError 404 unknown pickup; 403 another collector's pickup or a collector on a
 *   disputed one; 409 cancelled,
 *   missed or collected pickup, or `expectedVersion` is not the latest version (two saves of
 *   one sheet: one wins); 422 with a field message for bad weights (negative, over 2,000 kg,
 *   not whole grams), an unknown or retired material, no weight above 0 kg, a subtotal or a
 *   reward value (bonus included) above ₹10,00,000 (MAX_SHEET_VALUE_PAISE), or plants that are not allowed, not in stock or worth more than the reward.
 */
export async function saveWeighSheet(
  db: Database,
  pickupId: number,
  input: WeighSheetInput,
  actor: DoorActor & { email?: string },
  options: SaveWeighSheetOptions,
): Promise<SavedWeighSheet> {
  return db.transaction(async (tx) => {
    const pickup = await lockPickup(tx, pickupId);
    const problem = doorActionProblem(pickup, actor);
    if (problem)
      throw new ExchangeError(problem.message.id, problem.status, problem.message.values);
    if (pickup.status === "disputed" && actor.role !== "staff" && actor.role !== "admin") {
      throw new ExchangeError(DISPUTED_STAFF_ONLY, 403);
    }
    const weighed = checkedLines(input);
    const current = await latestSheetVersion(tx, pickupId);
    if (input.expectedVersion !== current) throw new ExchangeError(WEIGH_SHEET_CHANGED, 409);
    const lines = await linesAtToday(tx, pickupId, weighed);
    const priced = priceWeighSheet(lines, pickup.rewardPreference, {
      ...options.settings,
      minimumKg: options.minimumKg,
    });
    if (Math.max(priced.subtotalPaise, priced.rewardValuePaise) > MAX_SHEET_VALUE_PAISE) {
      throw refuse(weighSheetErrorFields.form, "collector.refusal.tooValuable");
    }
    const plants = await pickedPlants(tx, pickup, input.plants, priced.rewardValuePaise);
    const version = current + 1;
    const approvalRequired = priced.rewardValuePaise > options.settings.approvalAbovePaise;
    const weighSheetId = await insertVersion(tx, pickup, version, priced, plants, actor, {
      ...options,
      approvalRequired,
    });
    await markWeighed(tx, pickup, version, options.now);
    await recordAudit(tx, {
      actor: { email: await actorEmail(tx, actor) },
      action: "pickup.weighed",
      entity: "pickup",
      entityId: pickupId,
      before: { status: pickup.status, version: current },
      after: { status: "weighed", version },
      extra: {
        totalGrams: priced.totalGrams,
        subtotalPaise: priced.subtotalPaise,
        pickupChargePaise: priced.pickupChargePaise,
        payoutPaise: priced.payoutPaise,
        rewardValuePaise: priced.rewardValuePaise,
        lines: priced.lines.map((l) => ({
          material: l.materialName,
          grams: l.grams,
          ratePaisePerKg: l.ratePaisePerKg,
          amountPaise: l.amountPaise,
        })),
        plants: plants.map((p) => ({ name: p.name, quantity: p.quantity })),
        ...(options.note?.trim() ? { note: options.note.trim() } : {}),
        ...(approvalRequired ? { approvalRequired } : {}),
        handoverCodeRenewed: pickup.handoverCode !== null && (pickup.handoverCodeVersion ?? 0) > 0,
      },
    });
    if (approvalRequired) {
      await holdWeighSheetReady(tx, pickupId, { version, ...priced });
    } else {
      await enqueueWeighSheetReady(tx, pickupId, { version, ...priced }, options.now);
    }
    return {
      weighSheetId,
      version,
      payoutPaise: priced.payoutPaise,
      rewardValuePaise: priced.rewardValuePaise,
      approvalRequired,
    };
  });
}

/** A material's name in `lang` (its `name_hi` / `name_kn`, else the English). */
function materialName(lang: Lang) {
  return localisedColumn(lang, scrapMaterials.name, {
    hi: scrapMaterials.nameHi,
    kn: scrapMaterials.nameKn,
  });
}

/**
 * What the weigh sheet form needs for pickup `pickupId`: every version (newest first), the
 * materials it can weigh at their CURRENT rates (the estimate's, retired ones included, then
 * every active one; paise per kg), the estimate's grams per material, and, for a 'plants'
 * reward, the active plants with price (paise) and stock.
 */
export async function weighSheetFormData(
  db: Database,
  pickupId: number,
  rewardPreference: Pickup["rewardPreference"],
  lang: Lang = "en",
): Promise<WeighSheetFormData & { sheets: Awaited<ReturnType<typeof weighSheetsOf>> }> {
  const estimate = await db
    .select({
      materialId: pickupItems.materialId,
      grams: pickupItems.estimatedGrams,
      name: materialName(lang),
      rate: scrapMaterials.ratePaisePerKg,
      active: scrapMaterials.active,
    })
    .from(pickupItems)
    .innerJoin(scrapMaterials, eq(scrapMaterials.id, pickupItems.materialId))
    .where(eq(pickupItems.pickupId, pickupId))
    .orderBy(asc(pickupItems.id));
  const active = await db
    .select({
      id: scrapMaterials.id,
      name: materialName(lang),
      rate: scrapMaterials.ratePaisePerKg,
    })
    .from(scrapMaterials)
    .where(eq(scrapMaterials.active, true))
    .orderBy(asc(scrapMaterials.name));
  const plants =
    rewardPreference === "plants"
      ? await db
          .select({
            id: products.id,
            name: localisedColumn(lang, products.name, {
              hi: products.nameHi,
              kn: products.nameKn,
            }),
            pricePaise: products.pricePaise,
            stock: products.stock,
          })
          .from(products)
          .where(and(eq(products.kind, "plant"), eq(products.active, true)))
          .orderBy(asc(products.sortOrder), asc(products.name))
      : [];
  const materials = new Map<number, { id: number; name: string; ratePaisePerKg: number }>();
  for (const line of estimate) {
    materials.set(line.materialId, {
      id: line.materialId,
      name: line.name,
      ratePaisePerKg: line.rate,
    });
  }
  for (const m of active) {
    if (!materials.has(m.id))
      materials.set(m.id, { id: m.id, name: m.name, ratePaisePerKg: m.rate });
  }
  const estimatedGrams: Record<number, number> = {};
  for (const line of estimate) {
    if (line.grams !== null)
      estimatedGrams[line.materialId] = (estimatedGrams[line.materialId] ?? 0) + line.grams;
  }
  const sheets = await weighSheetsOf(db, pickupId);
  const lineNames = await materialNames(
    db,
    lang,
    sheets.flatMap((sheet) => sheet.lines.map((line) => line.materialId)),
  );
  const plantNames = await productNames(
    db,
    lang,
    sheets.flatMap((sheet) => sheet.plants.map((plant) => plant.productId)),
  );
  return {
    // Shown in `lang`; the saved sheets keep their English names (ADR 0030).
    sheets: sheets.map((sheet) => ({
      ...sheet,
      lines: sheet.lines.map((line) => ({
        ...line,
        materialName: shownName(lineNames, line.materialId, line.materialName),
      })),
      plants: sheet.plants.map((plant) => ({
        ...plant,
        name: shownName(plantNames, plant.productId, plant.name),
      })),
    })),
    materials: [...materials.values()],
    estimateMaterialIds: [...new Set(estimate.map((line) => line.materialId))],
    estimatedGrams,
    plants,
  };
}

/**
 * A refused weigh sheet form: HTTP status, the message above the form and the messages by the
 * form's field names, as text in the language asked for (ADR 0024; English on the staff
 * pickup page, the staff member's language at the door, docs/languages.md "Staff language").
 */
export interface WeighSheetRefusal {
  ok: false;
  status: ExchangeStatus;
  error: string;
  fieldErrors: Record<string, string>;
}

const CORRECT_THE_SHEET = "collector.refusal.correct";

/**
 * Reads a posted weigh sheet form (`parseWeighSheetForm`) and saves it (`saveWeighSheet`),
 * for the collector's page and the staff pickup page. `options.note` is taken from the form;
 * `options.lang` (English by default) is the language of the refusal's messages.
 * @returns the saved version, or the refusal with the messages under the form's field names
 *   (422 bad fields, 403/409 from the door rule or a stale version, 404 unknown pickup).
 */
export async function submitWeighSheetForm(
  db: Database,
  pickupId: number,
  form: FormData,
  actor: DoorActor & { email?: string },
  options: Omit<SaveWeighSheetOptions, "note"> & { lang?: Lang },
): Promise<({ ok: true } & SavedWeighSheet) | WeighSheetRefusal> {
  const { lang = "en", ...saveOptions } = options;
  const parsed = parseWeighSheetForm(form, lang);
  if (!parsed.ok) {
    const status = parsed.errors.expectedVersion ? 400 : 422;
    return {
      ok: false,
      status,
      error: refusalText(lang, { id: CORRECT_THE_SHEET, values: {} }),
      fieldErrors: parsed.errors,
    };
  }
  const { note, ...input } = parsed.input;
  try {
    const saved = await saveWeighSheet(db, pickupId, input, actor, { ...saveOptions, note });
    return { ok: true, ...saved };
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    const fieldErrors = Object.fromEntries(
      Object.entries(weighSheetFormErrors(form, error.fieldErrors)).map(([field, ref]) => [
        field,
        refusalText(lang, ref),
      ]),
    );
    const message = error.status === 422 ? { id: CORRECT_THE_SHEET, values: {} } : error;
    return { ok: false, status: error.status, error: refusalText(lang, message), fieldErrors };
  }
}

/**
 * A pickup as the collector's weigh-sheet page shows it: contact, address, slot, reward chosen,
 * status, collector, estimate (paise) and its lines (material, estimated grams). Null when the
 * id is unknown. Material names in `lang` (English by default). The caller checks
 * `doorActionProblem` before showing it.
 */
export async function pickupAtTheDoor(db: Database, pickupId: number, lang: Lang = "en") {
  const [pickup] = await db
    .select({
      id: pickups.id,
      reference: pickups.reference,
      status: pickups.status,
      collectorId: pickups.collectorId,
      name: pickups.name,
      phone: pickups.phone,
      addressLine1: pickups.addressLine1,
      addressLine2: pickups.addressLine2,
      city: pickups.city,
      pinCode: pickups.pinCode,
      pickupDate: pickups.pickupDate,
      slotStart: pickups.slotStart,
      rewardPreference: pickups.rewardPreference,
      estimatePaise: pickups.estimatePaise,
    })
    .from(pickups)
    .where(eq(pickups.id, pickupId));
  if (!pickup) return null;
  const estimate = await db
    .select({ material: materialName(lang), estimatedGrams: pickupItems.estimatedGrams })
    .from(pickupItems)
    .innerJoin(scrapMaterials, eq(scrapMaterials.id, pickupItems.materialId))
    .where(eq(pickupItems.pickupId, pickupId))
    .orderBy(asc(pickupItems.id));
  return { ...pickup, estimate };
}

/**
 * This server's weigh sheet settings: the exchange settings (env().exchange), the pickup
 * minimum (kg), and both together as `priceWeighSheet` takes them (for the form's live total).
 */
export function weighSheetSettingsFromEnv(): {
  settings: ExchangeSettings;
  minimumKg: number;
  pricing: WeighSheetPricingSettings;
} {
  const settings = env().exchange;
  const { minimumKg } = pickupConfigFromEnv();
  return {
    settings,
    minimumKg,
    pricing: {
      pickupChargeBelowMinimumPaise: settings.pickupChargeBelowMinimumPaise,
      couponBonusPercent: settings.couponBonusPercent,
      minimumKg,
    },
  };
}
