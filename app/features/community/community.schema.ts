/**
 * The 'Join us' registration and the review form (spec §5; docs/community.md). Server-side
 * zod schemas; the honeypot field is checked before them.
 */
import { z } from "zod";
import { emailAddress, indianMobile, requiredText } from "~/utils/form-schemas";
import { communityLimits } from "./community-fields";

export const registrationSchema = z.object({
  // Says "Enter your name." or "Your name can be at most 100 characters." (errors.form.*).
  name: requiredText("name", communityLimits.name),
  email: emailAddress(communityLimits.email).transform((email) => email.toLowerCase()),
  contact: indianMobile(communityLimits.contact, "Enter your contact number."),
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
