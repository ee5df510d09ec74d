/**
 * A refused step of the exchange loop (docs/exchange.md): assigning, the visit, the weigh sheet,
 * the customer's confirmation or dispute, closing a dispute, recording a payout. Nothing was
 * written. `status` is the HTTP status the route answers with; `fieldErrors` puts a message next
 * to a form field (key = the field's name, "form" for the whole form).
 */
export class ExchangeError extends Error {
  override name = "ExchangeError";
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 422 | 429,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}
