/**
 * The admin's shop particulars form on /dashboard/settings (docs/tax.md "The shop's
 * particulars"): the legal name and address its bills print, its State (CGST + SGST within it,
 * IGST outside), and its GSTIN, optional (none: receipts without tax, CGST Act s.32(1)), checked
 * for form, State code and check character (`checkGstin`), and registered in the shop's State.
 * Messages are `dashboard.settings.*` ids. Server only (ADR 0006).
 */
import { z } from "zod";
import { stateCodeOf } from "./bill-plan";
import { checkGstin } from "./gstin";
import { indianStates } from "./indian-states";

export const shopSettingsFields = ["legalName", "address", "state", "gstin"] as const;

const gstinMessages = {
  format: "dashboard.settings.gstinFormat",
  stateCode: "dashboard.settings.gstinStateCode",
  checksum: "dashboard.settings.gstinChecksum",
} as const;

export const shopSettingsSchema = z
  .object({
    legalName: z
      .string()
      .trim()
      .min(1, "dashboard.settings.legalNameRequired")
      .max(120, "dashboard.settings.legalNameTooLong"),
    address: z
      .string()
      .trim()
      .min(1, "dashboard.settings.addressRequired")
      .max(300, "dashboard.settings.addressTooLong"),
    state: z.enum(indianStates, { error: "dashboard.settings.stateInvalid" }),
    gstin: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return "";
        const checked = checkGstin(value);
        if (!checked.ok) {
          ctx.addIssue({ code: "custom", message: gstinMessages[checked.problem] });
          return z.NEVER;
        }
        return checked.gstin;
      }),
  })
  .superRefine((settings, ctx) => {
    if (settings.gstin && settings.gstin.slice(0, 2) !== stateCodeOf(settings.state)) {
      ctx.addIssue({
        code: "custom",
        path: ["gstin"],
        message: "dashboard.settings.gstinOtherState",
        params: { state: settings.state },
      });
    }
  });
