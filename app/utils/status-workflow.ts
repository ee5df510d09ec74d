/**
 * A status workflow: which status may follow which (docs/shop.md for orders, docs/pickups.md
 * for pickups). Browser-safe (the dashboard's status buttons read it); every status change of a
 * record goes through `assertStatusChange` (status-change.server.ts), so a change the table does
 * not list is refused the same way everywhere.
 */
export interface StatusWorkflow<S extends string> {
  /** Every status with the statuses that may follow it (none: a final status). */
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** True when `to` may follow `from`. */
  can(from: S, to: S): boolean;
  /** The record with its article, as a refusal's message starts: "An order", "A pickup". */
  readonly noun: string;
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
  return { transitions, can, noun };
}
