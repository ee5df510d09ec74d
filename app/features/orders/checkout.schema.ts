/**
 * The checkout's shipping form (spec §5 Checkout; DESIGN §1: enforced on the server).
 * Messages are shown next to their fields. The same limits are rendered into the inputs
 * (maxLength, inputMode) from checkout-fields.ts, which stays free of zod so the page's
 * JavaScript does not carry it (docs/decisions/0006).
 */
import { z } from "zod";
import { normaliseIndianMobile } from "~/utils/phone";
import { checkoutLimits } from "./checkout-fields";
import { indianStates } from "./indian-states";

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(max, `Your ${label} can be at most ${max} characters.`);

export const checkoutSchema = z.object({
  name: text("name", checkoutLimits.name),
  email: z
    .string()
    .trim()
    .min(1, "Enter your e-mail address.")
    .max(checkoutLimits.email, "This e-mail address is too long.")
    .pipe(z.email("Enter an e-mail address like name@example.com.")),
  phone: z
    .string()
    .max(checkoutLimits.phone, "Enter a 10-digit mobile number, like 98450 12345.")
    .transform((value, ctx) => {
      const e164 = normaliseIndianMobile(value);
      if (!e164) {
        ctx.addIssue({
          code: "custom",
          message: value.trim()
            ? "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9."
            : "Enter your mobile number.",
        });
        return z.NEVER;
      }
      return e164;
    }),
  address: text("address", checkoutLimits.address),
  city: text("city", checkoutLimits.city),
  state: z.enum(indianStates, { error: "Choose your state or union territory." }),
  pinCode: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{5}$/, "Enter a 6-digit PIN code that does not start with 0."),
  idempotencyKey: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{16,64}$/,
      "This form has expired. Please check your cart and try again.",
    ),
  shownLines: z.string().max(2000),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
