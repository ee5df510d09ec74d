/**
 * What this browser typed last into the booking and checkout forms, offered again in the next
 * one (docs/shop.md "Filled in for you"): name, e-mail, phone, address, city, state and PIN code,
 * and a coupon code the customer chose to spend ('Buy plants with it' on the tracking page).
 *
 * Kept in this browser's localStorage only: never sent anywhere, never shared between browsers
 * or devices, and only with JavaScript (a form without it is simply empty). A field is filled
 * only while empty, after hydration, so nothing the customer typed (also before the scripts
 * loaded, ADR 0017) is overwritten. A browser that refuses storage fills nothing.
 *
 * The booking form splits the address in two lines, the checkout has one: the checkout's
 * address is the booking's two lines joined with ", ", and the booking's first line is the
 * checkout's address.
 */
import { type RefObject, useEffect } from "react";

/** The localStorage keys. */
export const CONTACT_KEY = "contact-details";
export const COUPON_KEY = "coupon-to-spend";

/** The remembered details; every value is a string the customer typed, ≤ 300 characters. */
export type RememberedContact = Partial<
  Record<
    | "name"
    | "email"
    | "phone"
    | "address"
    | "addressLine1"
    | "addressLine2"
    | "city"
    | "state"
    | "pinCode",
    string
  >
>;

const FIELDS = [
  "name",
  "email",
  "phone",
  "address",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "pinCode",
] as const;

function read(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or storage full: nothing is remembered.
  }
}

/** The remembered contact details, only well-formed string values. */
export function readContact(): RememberedContact {
  const stored = read(CONTACT_KEY);
  if (!stored || typeof stored !== "object") return {};
  const contact: RememberedContact = {};
  for (const name of FIELDS) {
    const value = (stored as Record<string, unknown>)[name];
    if (typeof value === "string" && value.length <= 300) contact[name] = value;
  }
  return contact;
}

/**
 * Remembers the non-empty contact fields of `form` (the booking or the checkout form), with the
 * address in both shapes; fields the form does not have keep their earlier values.
 */
export function rememberContact(form: HTMLFormElement): void {
  const data = new FormData(form);
  const typed: RememberedContact = {};
  for (const name of FIELDS) {
    const value = data.get(name);
    if (typeof value === "string" && value.trim() !== "") typed[name] = value.trim().slice(0, 300);
  }
  if (typed.addressLine1) {
    typed.address = [typed.addressLine1, typed.addressLine2].filter(Boolean).join(", ");
  } else if (typed.address) {
    typed.addressLine1 = typed.address;
    typed.addressLine2 = "";
  }
  write(CONTACT_KEY, { ...readContact(), ...typed });
}

/** Remembers a coupon code to spend at the next checkout. */
export function rememberCoupon(code: string): void {
  write(COUPON_KEY, code);
}

/** Forgets the coupon code to spend (an order used it). */
export function forgetCoupon(): void {
  try {
    localStorage.removeItem(COUPON_KEY);
  } catch {
    // Nothing to do.
  }
}

/** The coupon code to spend, or null. */
export function readCoupon(): string | null {
  const code = read(COUPON_KEY);
  return typeof code === "string" && /^[A-Za-z0-9 -]{4,32}$/.test(code) ? code : null;
}

/**
 * After hydration, fills the empty fields of `form` named like a remembered detail (and
 * `couponCode` from the coupon to spend when `coupon` is true). Runs once per form.
 */
export function usePrefill(form: RefObject<HTMLFormElement | null>, coupon = false): void {
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const values: Record<string, string | undefined> = { ...readContact() };
    if (coupon) values.couponCode = readCoupon() ?? undefined;
    for (const [name, value] of Object.entries(values)) {
      const field = element.elements.namedItem(name);
      if (!value || !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) {
        continue;
      }
      if (field.value !== "" || field.type === "hidden") continue;
      if (field instanceof HTMLSelectElement && ![...field.options].some((o) => o.value === value))
        continue;
      field.value = value;
    }
  }, [form, coupon]);
}
