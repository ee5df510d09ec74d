/**
 * Names and limits of the address book's form (docs/accounts.md "My account"), without zod so
 * the page's JavaScript does not carry it (ADR 0006). The limits are the booking form's, so a
 * saved address always fits the booking and, joined with ", ", the checkout's one line.
 */
import { addressLabels } from "~/db/schema/customer-profile";

export { addressLabels };

export const addressLimits = {
  name: 100,
  addressLine1: 140,
  addressLine2: 140,
  city: 80,
} as const;

/** The form's fields in their order on the page (and in the error summary). */
export const addressFields = [
  "label",
  "name",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "pinCode",
] as const;
