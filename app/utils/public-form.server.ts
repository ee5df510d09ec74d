/**
 * The gate both public community forms ('Join us', reviews) pass before writing
 * (docs/community.md): the honeypot (silently refused), the zod schema (messages per field),
 * then the per-address rate limit (429 with Retry-After). Nothing is written by a refusal.
 */
import { data } from "react-router";
import type { z } from "zod";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { textFields } from "~/utils/form-data";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { consumeRateLimit, RateLimitedError } from "~/utils/rate-limit.server";
import { message } from "~/utils/refusal";

/** What a refused submission answers: the entered values kept, messages per field or form. */
export interface PublicFormResult {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
}

/** Longest entered value echoed back into a refused form. */
const KEEP_CHARS = 1100;

/**
 * @returns the parsed input, or `refusal`: the response to send (400 honeypot or invalid,
 *   429 over the limit).
 */
export async function screenPublicForm<R extends PublicFormResult, S extends z.ZodType>(input: {
  formData: FormData;
  fields: readonly string[];
  schema: S;
  clientAddress: string;
  /** The page's language: the messages per field are in it. */
  lang: Lang;
  /** The allowance per client address and hour; `refusal`: the message id of its 429. */
  limit: { action: string; perHour: number; refusal: string };
}): Promise<
  | { parsed: z.output<S>; refusal?: undefined }
  | { parsed?: undefined; refusal: ReturnType<typeof data<R>> }
> {
  const { [HONEYPOT_FIELD]: honeypot, ...values } = textFields(input.formData, input.fields);
  const kept = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v.slice(0, KEEP_CHARS)]),
  );
  const refuse = (result: PublicFormResult, init: ResponseInit) => ({
    refusal: data(result as R, init),
  });
  if (honeypot) return refuse({ values: {}, errors: {} }, { status: 400 });
  const parsed = input.schema.safeParse(values);
  if (!parsed.success) {
    return refuse(
      { values: kept, errors: fieldErrorTexts(input.lang, parsed.error.issues) },
      { status: 400 },
    );
  }
  try {
    await consumeRateLimit(input.limit.action, input.clientAddress, input.limit.perHour, 3600);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return refuse(
        {
          values: kept,
          errors: {},
          formError: refusalText(input.lang, message(input.limit.refusal)),
        },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    throw error;
  }
  return { parsed: parsed.data };
}
