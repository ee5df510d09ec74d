/**
 * The grievance form's limits (characters) and allowance per client address (docs/accounts.md
 * "Notice, consent and grievances"). Safe for the browser bundle: the form's maxlength reads it.
 */
import type { GrievanceTopic } from "~/db/schema/privacy-notice";

export const grievanceLimits = { name: 100, phone: 20, email: 254, details: 2000 } as const;

/** Longest staff note on a grievance, characters (the dashboard's note field). */
export const GRIEVANCE_NOTE_MAX = 2000;

/** Grievances one client address may file per hour (a public form: rate limited). */
export const GRIEVANCES_PER_HOUR = 5;

/**
 * The form's choices of what a grievance is about, in their order on the page: the data rights
 * (Digital Personal Data Protection Act 2023 s.11–14), then the shop's services. The same list
 * as the database's `grievanceTopics` (a test checks), kept here for the browser bundle.
 */
export const grievanceTopicChoices = [
  "access",
  "correct",
  "erase",
  "consent",
  "nominate",
  "service",
  "other",
] as const satisfies readonly GrievanceTopic[];
