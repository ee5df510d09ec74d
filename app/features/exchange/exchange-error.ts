/**
 * A refused step of the exchange loop (docs/exchange.md): assigning, the visit, the weigh sheet,
 * the customer's confirmation or dispute, closing a dispute, recording a payout. Nothing was
 * written. A kind of refusal (ADR 0024): `id` and `values` are its message (`errors.exchange.*`
 * when the customer's tracking page can show it, in the three catalogues; `dashboard.*`, English
 * only, when only the staff dashboard shows it), `status` the HTTP status the route answers with,
 * `field` the form field the message stands next to (none: a message about the whole form).
 */
import { type MessageRef, type MessageValues, Refusal } from "~/utils/refusal";

/** HTTP statuses an exchange refusal answers with. */
export type ExchangeStatus = 400 | 403 | 404 | 409 | 422 | 429;

export class ExchangeError extends Refusal {
  override name = "ExchangeError";
  declare readonly status: ExchangeStatus;

  /**
   * @param id a catalogue message id; `values` fill its placeholders (numbers and money already
   *   formatted as the page shows them).
   * @param field the form field the message belongs to (e.g. `reason`, `kg-12`, `paidOn`).
   * @throws Error for an id that is not in the English catalogue (a programming error).
   */
  constructor(id: string, status: ExchangeStatus, values: MessageValues = {}, field?: string) {
    super(id, values, field === undefined ? { status } : { status, field });
  }

  /**
   * The message by form field: `{ [field]: { id, values } }` for a refusal with a field, `{}`
   * for one about the whole form. Routes render each with `refusalText(lang, ref)`.
   */
  get fieldErrors(): Readonly<Record<string, MessageRef>> {
    return this.field === undefined ? {} : { [this.field]: this.ref };
  }
}
