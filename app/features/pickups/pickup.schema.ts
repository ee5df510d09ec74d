/**
 * The visitor's pickup forms: the /orderpage booking form (spec §5 Pickup form: every field
 * required; docs/pickups.md) and the tracking page's cancel and reschedule.
 * Date and slot rules that need the clock and the database are checked in pickups.server.ts.
 * Messages are catalogue ids (`errors.pickup.*`, `errors.form.*`; ADR 0024), worded in the
 * page's language by `fieldErrorTexts`: a custom issue carries its values as `params`, a
 * too-big one its `max`. An estimate row's message is at path ["items", row], the total's at
 * ["items"].
 */
import { z } from "zod";
import { emailAddress, indianMobile, pinCode, requiredText } from "~/utils/form-schemas";
import { PAGE_OUT_OF_DATE, UNKNOWN_ACTION } from "~/utils/intent-form";
import { MAX_TOTAL_KG, parseEstimateKg } from "./estimate";
import { MAX_ESTIMATE_ROWS, pickupLimits } from "./pickup-fields";

export const pickupSchema = z.object({
  name: requiredText("name", pickupLimits.name),
  email: emailAddress(pickupLimits.email),
  phone: indianMobile(pickupLimits.phone),
  addressLine1: requiredText("addressLine1", pickupLimits.addressLine1),
  addressLine2: requiredText("addressLine2", pickupLimits.addressLine2),
  city: requiredText("city", pickupLimits.city),
  pinCode: pinCode(),
  pickupDate: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "errors.pickup.chooseDate"),
  pickupTime: z
    .string()
    .trim()
    .regex(/^\d{2}:\d{2}$/, "errors.pickup.chooseTime"),
  reward: z.enum(["plants", "coupon", "money"], { error: "errors.pickup.chooseReward" }),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "errors.pickup.formExpired"),
  items: z
    .array(z.object({ material: z.string().max(12), kg: z.string().max(20) }))
    .max(MAX_ESTIMATE_ROWS, "errors.pickup.tooManyMaterials")
    .transform((rows, ctx) => {
      const items: { materialId: number; grams: number }[] = [];
      rows.forEach((row, index) => {
        const material = row.material.trim();
        const kg = row.kg.trim();
        if (!material && !kg) return;
        if (!/^[1-9]\d{0,8}$/.test(material)) {
          ctx.addIssue({
            code: "custom",
            path: [index],
            message: "errors.pickup.materialForWeight",
          });
          return;
        }
        const grams = parseEstimateKg(kg);
        if (!grams.ok) {
          ctx.addIssue({
            code: "custom",
            path: [index],
            message: grams.ref.id,
            params: grams.ref.values,
          });
          return;
        }
        if (items.some((item) => item.materialId === Number(material))) {
          ctx.addIssue({
            code: "custom",
            path: [index],
            message: "errors.pickup.materialListed",
          });
          return;
        }
        items.push({ materialId: Number(material), grams: grams.value });
      });
      if (items.reduce((sum, item) => sum + item.grams, 0) > MAX_TOTAL_KG * 1000) {
        ctx.addIssue({
          code: "custom",
          message: "errors.pickup.totalTooHeavy",
          params: { kg: MAX_TOTAL_KG.toLocaleString("en-IN") },
        });
      }
      return items;
    }),
});

export type PickupInput = z.infer<typeof pickupSchema>;

/**
 * The weigh sheet version a decision form was rendered for (1, 2, …); missing or malformed:
 * `PAGE_OUT_OF_DATE`.
 */
export const sheetVersionField = z
  .string({ error: PAGE_OUT_OF_DATE })
  .regex(/^[1-9][0-9]{0,5}$/, PAGE_OUT_OF_DATE)
  .transform(Number);

/**
 * The tracking page's forms: confirm or dispute weigh sheet `version` (docs/exchange.md; the
 * dispute's reason is checked, 3 to 500 characters, by `disputeWeighSheetByToken`, so its
 * message stands next to the field), cancel, or reschedule to a date ("YYYY-MM-DD") and slot start
 * ("HH:MM"), which `reschedulePickup` checks against the clock, the configuration and the
 * slot's capacity (so they are plain text here; absent fields read as "").
 */
export const trackingActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("confirm"), version: sheetVersionField }),
    z.object({
      intent: z.literal("dispute"),
      version: sheetVersionField,
      reason: z.string().default(""),
    }),
    z.object({ intent: z.literal("cancel") }),
    z.object({
      intent: z.literal("reschedule"),
      pickupDate: z.string().default(""),
      pickupTime: z.string().default(""),
    }),
  ],
  { error: UNKNOWN_ACTION },
);
