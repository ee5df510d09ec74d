/**
 * Field names and limits of the 'Join us' and review forms (zod-free, for the pages).
 * `website` is the honeypot: hidden from people, filled by form-spamming bots.
 */
import { HONEYPOT_FIELD } from "~/utils/honeypot";

export const communityLimits = {
  name: 100,
  email: 254,
  contact: 20,
  review: 1000,
  displayName: 60,
} as const;

export const registrationFields = ["name", "email", "contact", HONEYPOT_FIELD] as const;
export const reviewFields = ["review", "rating", "displayName", HONEYPOT_FIELD] as const;

/** Limits per client address and hour (docs/community.md). */
export const REVIEWS_PER_HOUR = 5;
export const REGISTRATIONS_PER_HOUR = 10;
