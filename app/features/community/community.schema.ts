/**
 * The 'Join us' registration and the review form (spec §5; docs/community.md). Server-side
 * zod schemas; the honeypot field is checked before them.
 */
import { z } from "zod";
import { emailAddress, indianMobile, requiredText } from "~/utils/form-schemas";
import { communityLimits } from "./community-fields";

export const registrationSchema = z.object({
  // "Enter your name." or "Your name can be at most 100 characters." (errors.form.name*).
  name: requiredText("name", communityLimits.name),
  email: emailAddress(communityLimits.email).transform((email) => email.toLowerCase()),
  contact: indianMobile(communityLimits.contact, "errors.form.contactRequired"),
});

export const reviewSchema = z.object({
  review: z
    .string()
    .trim()
    .min(1, "errors.community.reviewRequired")
    .max(communityLimits.review, "errors.community.reviewTooLong"),
  rating: z
    .string()
    .regex(/^[1-5]$/, "errors.community.ratingRequired")
    .transform(Number),
  displayName: z.string().trim().max(communityLimits.displayName, "errors.form.nameTooLong"),
});
