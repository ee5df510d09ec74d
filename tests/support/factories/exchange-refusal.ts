/**
 * The ExchangeError a step of the exchange loop refused with (docs/exchange.md), for tests that
 * check its status, message and field: fails the test when `promise` resolves or rejects with
 * anything else.
 */
import { expect } from "vitest";
import { ExchangeError } from "~/features/exchange/exchange-error";

export async function exchangeRefusal(promise: Promise<unknown>): Promise<ExchangeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExchangeError);
  return error as ExchangeError;
}
