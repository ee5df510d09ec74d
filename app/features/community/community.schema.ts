/**
 * The 'Join us' registration and the review form (spec §5; issue 5 items 3–4). Server-side
 * zod schemas; the honeypot field is checked before them.
 */
import { z } from "zod";
import { normaliseIndianMobile } from "~/utils/phone";
import { communityLimits } from "./community-fields";

export const registrationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter your name.")
    .max(communityLimits.name, `Your name can be at most ${communityLimits.name} characters.`),
  email: z
    .string()
    .trim()
    .min(1, "Enter your e-mail address.")
    .max(communityLimits.email, "This e-mail address is too long.")
    .pipe(z.email("Enter an e-mail address like name@example.com."))
    .transform((email) => email.toLowerCase()),
  contact: z
    .string()
    .max(communityLimits.contact, "Enter a 10-digit mobile number, like 98450 12345.")
    .transform((value, ctx) => {
      const e164 = normaliseIndianMobile(value);
      if (!e164) {
        ctx.addIssue({
          code: "custom",
          message: value.trim()
            ? "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9."
            : "Enter your contact number.",
        });
        return z.NEVER;
      }
      return e164;
    }),
});

export const reviewSchema = z.object({
  review: z
    .string()
    .trim()
    .min(1, "Write your review.")
    .max(
      communityLimits.review,
      `Your review can be at most ${communityLimits.review} characters.`,
    ),
  rating: z
    .string()
    .regex(/^[1-5]$/, "Choose a rating from 1 to 5 stars.")
    .transform(Number),
  displayName: z
    .string()
    .trim()
    .max(
      communityLimits.displayName,
      `Your name can be at most ${communityLimits.displayName} characters.`,
    ),
});
