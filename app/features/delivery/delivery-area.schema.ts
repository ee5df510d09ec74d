/**
 * The admin's delivery area form on /dashboard/delivery (docs/shop.md "Delivery areas"): a PIN
 * code prefix of one to six digits (first not 0), a name, the delivery charge and the
 * free-delivery amount of goods in rupees (typed like any rupee amount, `parseRupees`; stored
 * as paise), the delivery time in days (0–60, from ≤ to), and cash on delivery with an optional
 * upper amount. Messages are `dashboard.delivery.*` ids (ADR 0024), shown next to their fields.
 * Server only (ADR 0006).
 */
import { z } from "zod";
import { parseRupees } from "~/utils/typed-numbers";
import type { DeliveryAreaInput } from "./delivery-areas.server";

/** Highest delivery charge: ₹1,00,000 (the table's check). */
const MAX_CHARGE_PAISE = 10_000_000;
/** Highest free-delivery and cash-on-delivery amount: ₹10,00,000 (the largest order). */
const MAX_AMOUNT_PAISE = 100_000_000;

/** Rupees from ₹`min/100` to `max`, or (when `optional`) '' for none (null). */
function rupees(message: string, limits: { minPaise?: number; maxPaise: number }) {
  return z.string().transform((value, ctx) => {
    const parsed = parseRupees(value, limits);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed.value;
  });
}

function optionalRupees(message: string, limits: { minPaise?: number; maxPaise: number }) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const parsed = parseRupees(value, limits);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed.value;
    });
}

const days = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, "dashboard.delivery.daysInvalid")
  .transform(Number)
  .refine((value) => value <= 60, "dashboard.delivery.daysInvalid");

/** The form's fields, as posted. */
export const deliveryAreaFields = [
  "prefix",
  "name",
  "charge",
  "freeFrom",
  "minDays",
  "maxDays",
  "cashOnDelivery",
  "cashOnDeliveryMax",
] as const;

/** The form → the area's values (DeliveryAreaInput, paise and days). */
export const deliveryAreaSchema = z
  .object({
    prefix: z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{0,5}$/, "dashboard.delivery.prefixInvalid"),
    name: z
      .string()
      .trim()
      .min(1, "dashboard.delivery.nameRequired")
      .max(80, "dashboard.delivery.nameTooLong"),
    charge: rupees("dashboard.delivery.chargeInvalid", { maxPaise: MAX_CHARGE_PAISE }),
    freeFrom: optionalRupees("dashboard.delivery.freeFromInvalid", {
      maxPaise: MAX_AMOUNT_PAISE,
    }),
    minDays: days,
    maxDays: days,
    cashOnDelivery: z
      .string()
      .optional()
      .transform((value) => value === "on"),
    cashOnDeliveryMax: optionalRupees("dashboard.delivery.codMaxInvalid", {
      minPaise: 100,
      maxPaise: MAX_AMOUNT_PAISE,
    }),
  })
  // Checked also when other fields are wrong, once both day counts are numbers.
  .refine((area) => area.maxDays >= area.minDays, {
    path: ["maxDays"],
    message: "dashboard.delivery.daysOrder",
    when: ({ value }) => {
      const area = value as { minDays?: unknown; maxDays?: unknown };
      return typeof area.minDays === "number" && typeof area.maxDays === "number";
    },
  })
  .transform(
    (area): DeliveryAreaInput => ({
      prefix: area.prefix,
      name: area.name,
      chargePaise: area.charge,
      freeFromPaise: area.freeFrom,
      minDays: area.minDays,
      maxDays: area.maxDays,
      cashOnDelivery: area.cashOnDelivery,
      cashOnDeliveryMaxPaise: area.cashOnDelivery ? area.cashOnDeliveryMax : null,
    }),
  );
