/**
 * Password rules that depend on who the password is for
 * (docs/operations.md "Security"): a staff password may not contain the account's e-mail or its
 * local part, the account's name or one of its words, the shop's brand (BRAND_NAME in
 * app/utils/brand.ts, which siteConfig.brandName shows) or one of its words, nor a run of one
 * character repeated 4 times or more ('aaaa', '1111'). Compared lower-case, ignoring spaces and
 * punctuation. Length and the common-password list are checked by `passwordProblem` in
 * auth.server.ts, which calls this.
 */
import { BRAND_NAME } from "~/utils/brand";
import { type MessageRef, message } from "~/utils/refusal";

/** Who the password is for; both optional (a reset knows the account, a CLI prompt may not). */
export interface PasswordOwner {
  email?: string;
  name?: string;
}

/** Shortest run of one repeated character that is refused. */
export const REPEATED_RUN = 4;
/** Words of a name or brand shorter than this are too common to refuse (e.g. 'of', 'al'). */
const MIN_WORD = 3;

function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_WORD);
}

/**
 * The message to show next to the password field (a `dashboard.staff.password*` id with its
 * values, ADR 0024), or null when none of these rules refuses `password`. Pure: no I/O.
 */
export function personalPasswordProblem(
  password: string,
  owner: PasswordOwner = {},
  brandName: string = BRAND_NAME,
): MessageRef | null {
  if (new RegExp(`(.)\\1{${REPEATED_RUN - 1},}`, "su").test(password)) {
    return message("dashboard.staff.passwordRepeats", { count: REPEATED_RUN });
  }
  const plain = compact(password);
  const email = owner.email?.trim().toLowerCase() ?? "";
  const local = email.split("@")[0] ?? "";
  if (
    email &&
    (plain.includes(compact(email)) || (local.length >= MIN_WORD && plain.includes(compact(local))))
  ) {
    return message("dashboard.staff.passwordHasEmail");
  }
  const name = owner.name ?? "";
  const nameParts = [compact(name), ...wordsOf(name)].filter((part) => part.length >= MIN_WORD);
  if (nameParts.some((part) => plain.includes(part))) {
    return message("dashboard.staff.passwordHasName");
  }
  const brandParts = [compact(brandName), ...wordsOf(brandName)].filter(
    (part) => part.length >= MIN_WORD,
  );
  if (brandParts.some((part) => plain.includes(part))) {
    return message("dashboard.staff.passwordHasBrand", { brand: brandName });
  }
  return null;
}
