/**
 * A status workflow: which status may follow which (docs/shop.md for orders, docs/pickups.md
 * for pickups). Every status change of a record goes through its workflow's `assert`, so a
 * change the table does not list is refused the same way everywhere.
 */
import { Refusal } from "./refusal";

/**
 * A status change the workflow does not allow: a refusal (ADR 0024) with status 409 and the
 * staff dashboard's id `dashboard.status.illegalChange` ("An order that is shipped cannot become
 * cancelled.", values `record`, `from`, `to`).
 */
export class IllegalStatusChangeError<S extends string = string> extends Refusal {
  override name = "IllegalStatusChangeError";
  constructor(
    readonly from: S,
    readonly to: S,
    /** The record with its article, as the message starts: "An order", "A pickup". */
    noun: string,
  ) {
    super("dashboard.status.illegalChange", { record: noun, from, to }, { status: 409 });
  }
}

export interface StatusWorkflow<S extends string> {
  /** Every status with the statuses that may follow it (none: a final status). */
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** True when `to` may follow `from`. */
  can(from: S, to: S): boolean;
  /** @throws IllegalStatusChangeError when `to` may not follow `from`. */
  assert(from: S, to: S): void;
}

/**
 * The workflow of `transitions`; `noun` names the record with its article in error messages
 * ("An order").
 */
export function statusWorkflow<S extends string>(
  transitions: Readonly<Record<S, readonly S[]>>,
  noun: string,
): StatusWorkflow<S> {
  const can = (from: S, to: S) => transitions[from].includes(to);
  return {
    transitions,
    can,
    assert(from, to) {
      if (!can(from, to)) throw new IllegalStatusChangeError(from, to, noun);
    },
  };
}
