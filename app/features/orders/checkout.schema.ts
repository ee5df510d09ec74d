/**
 * The checkout's shipping form (spec §5 Checkout; docs/product.md: enforced on the server).
 * Messages are shown next to their fields. The same limits are rendered into the inputs
 * (maxLength, inputMode) from checkout-fields.ts, which stays free of zod so the page's
 * JavaScript does not carry it (docs/decisions/0006).
 */
import { z } from "zod";
import { emailAddress, indianMobile, pinCode, requiredText } from "~/utils/form-schemas";
import { checkoutLimits } from "./checkout-fields";
import { checkGstin } from "./gstin";
import { indianStates } from "./indian-states";

const couponCodeField = z
  .string()
  .trim()
  .max(checkoutLimits.couponCode, "errors.checkout.couponInvalid")
  .optional()
  .transform((value) => value || undefined);

export const checkoutSchema = z.object({
  name: requiredText("name", checkoutLimits.name),
  email: emailAddress(checkoutLimits.email),
  phone: indianMobile(checkoutLimits.phone),
  address: requiredText("address", checkoutLimits.address),
  city: requiredText("city", checkoutLimits.city),
  state: z.enum(indianStates, { error: "errors.checkout.state" }),
  pinCode: pinCode(),
  // docs/tax.md "GSTIN": optional; form, State code and check character, as typed (spaces ok).
  buyerGstin: z
    .string()
    .max(checkoutLimits.buyerGstin, "errors.checkout.gstin.format")
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return "";
      const checked = checkGstin(value);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: `errors.checkout.gstin.${checked.problem}` });
        return z.NEVER;
      }
      return checked.gstin;
    }),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "errors.checkout.expired"),
  shownLines: z.string().max(2000),
  // What the summary showed for delivery: paise, or absent / '' when it showed no charge.
  shownDelivery: z
    .string()
    .regex(/^[0-9]{0,9}$/, "errors.checkout.formChanged")
    .optional()
    .transform((value) => (value ? Number(value) : null)),
  // Absent (the form without the online option, older pages) means cash on delivery.
  paymentMethod: z
    .union([z.literal(""), z.enum(["cod", "online"])], {
      error: "errors.checkout.paymentMethod",
    })
    .transform((value) => (value === "" ? "cod" : value)),
  // Optional; its checks (unknown, expired, used up) happen in placeOrder (docs/exchange.md).
  couponCode: couponCodeField,
});

/** The coupon field alone, as 'Apply' reads it (the address may still be empty then). */
export const couponApplySchema = z.object({ couponCode: couponCodeField });

export type CheckoutInput = z.infer<typeof checkoutSchema>;
