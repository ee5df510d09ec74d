/**
 * The one cart action's form (docs/shop.md): an intent and a product id; `redirectTo`
 * only from plain HTML forms (no JavaScript), which are redirected back.
 */
import { z } from "zod";

export const cartIntents = ["add", "increment", "decrement", "remove"] as const;
export type CartIntent = (typeof cartIntents)[number];

export const cartActionSchema = z.object({
  intent: z.enum(cartIntents, { error: "errors.cart.unknownAction" }),
  productId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, "errors.cart.unknownProduct")
    .transform(Number),
  redirectTo: z.string().max(2000).optional(),
});

export const cartActionFields = ["intent", "productId", "redirectTo"] as const;
