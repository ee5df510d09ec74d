/**
 * Refusing a status change its workflow does not list (status-workflow.ts; docs/shop.md for
 * orders, docs/pickups.md for pickups). Server only: the refusal renders its English message from
 * the catalogue, which browser code never loads.
 */
import { Refusal } from "./refusal";
import type { StatusWorkflow } from "./status-workflow";

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

/** @throws IllegalStatusChangeError when `to` may not follow `from` in `workflow`. */
export function assertStatusChange<S extends string>(
  workflow: StatusWorkflow<S>,
  from: S,
  to: S,
): void {
  if (!workflow.can(from, to)) throw new IllegalStatusChangeError(from, to, workflow.noun);
}
