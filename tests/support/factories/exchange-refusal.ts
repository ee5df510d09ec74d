/**
 * The ExchangeError a step of the exchange loop refused with (docs/exchange.md), for tests that
 * check its status, message and field: fails the test when `promise` resolves or rejects with
 * anything else.
 */
import { expect } from "vitest";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { englishText } from "~/utils/refusal";

export async function exchangeRefusal(promise: Promise<unknown>): Promise<ExchangeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExchangeError);
  return error as ExchangeError;
}

/**
 * The English text of a refusal's message for form field `field` (its `{ id, values }`
 * rendered by the English catalogue), or undefined when the refusal has none for that field.
 */
export function fieldText(error: ExchangeError, field: string): string | undefined {
  const ref = error.fieldErrors[field];
  return ref === undefined ? undefined : englishText(ref.id, ref.values);
}
