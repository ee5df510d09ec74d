/**
 * Issuing an order's bills and credit notes (docs/tax.md "Issuing"; ADR 0044), and reading them.
 *
 * - `issueBills` runs in the transaction that delivers an order or records its online payment,
 *   under the order's row lock: it plans the documents (bill-plan.ts) from the order's line
 *   snapshots and the shop's settings as they are then, takes each one's number from its series
 *   (`allocateDocumentNumber`, no gap, no repeat, also with several servers) and stores what it
 *   prints. An order that has its bills already gets nothing more (the unique index
 *   `bills_order_kind_unique` backs this).
 * - `creditBills` runs in the transaction that cancels (or refunds) a billed order: one credit
 *   note per bill not yet credited, reversing it in full (CGST Act s.34, Rule 53(1A)).
 * Money in paise; instants are stored as UTC and printed in Asia/Kolkata.
 */
import { and, asc, eq, gte, lt, ne } from "drizzle-orm";
import { type AuditActor, changedFields, recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { type BillContent, bills, type ShopIdentity, shopSettings } from "~/db/schema/billing";
import { orderLines, orders } from "~/db/schema/shop";
import type { IssuedBill } from "./bill-pdf.server";
import { type CreditedLine, claimCreditNoteFor, creditNoteFor, planBills } from "./bill-plan";
import { allocateDocumentNumber } from "./document-numbers.server";

/** The shop's particulars as bills print them (the one `shop_settings` row). */
export async function getShopIdentity(db: Database): Promise<ShopIdentity> {
  const [row] = await db
    .select({
      legalName: shopSettings.legalName,
      address: shopSettings.address,
      state: shopSettings.state,
      gstin: shopSettings.gstin,
    })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  if (!row) throw new Error("shop_settings has no row: run the migrations");
  return row;
}

/**
 * Changes the shop's particulars (checked by the settings form), with an audit row of the
 * changed fields (`shop_settings.update`). Bills already issued keep what they printed.
 */
export async function saveShopSettings(
  db: Database,
  actor: AuditActor,
  input: ShopIdentity,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getShopIdentity(tx);
    const changed = changedFields({ ...before }, { ...input });
    if (Object.keys(changed.after).length === 0) return;
    await tx
      .update(shopSettings)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1));
    await recordAudit(tx, {
      actor,
      action: "shop_settings.update",
      entity: "shop_settings",
      entityId: 1,
      before: changed.before,
      after: changed.after,
    });
  });
}

/**
 * Issues the order's documents at `now` unless it has them, inside `tx` (the caller holds the
 * order's row lock). A cancelled order, or one without lines, gets none.
 * @returns the numbers issued now (empty when it had them already).
 */
export async function issueBills(tx: Database, orderId: number, now: Date): Promise<string[]> {
  const existing = await tx
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.orderId, orderId), ne(bills.kind, "credit_note")))
    .limit(1);
  if (existing.length > 0) return [];
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status === "cancelled") return [];
  // A replacement sent free for a claim (docs/claims.md) is no sale: it gets no bill.
  if (order.subtotalPaise === 0) return [];
  const lines = await tx
    .select({
      name: orderLines.name,
      quantity: orderLines.quantity,
      unitPricePaise: orderLines.unitPricePaise,
      lineTotalPaise: orderLines.lineTotalPaise,
      hsnCode: orderLines.hsnCode,
      gstRateBp: orderLines.gstRateBp,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  // Every order has lines; a row without any (made by hand) gets no document rather than an error.
  if (lines.length === 0) return [];
  const planned = planBills(
    { ...order, placedAt: order.createdAt, lines },
    await getShopIdentity(tx),
  );
  const numbers: string[] = [];
  for (const content of planned) {
    const { number } = await allocateDocumentNumber(tx, content.kind, now);
    await tx.insert(bills).values({
      orderId,
      kind: content.kind,
      number,
      issuedAt: now,
      content,
      totalPaise: content.totals.totalPaise,
    });
    numbers.push(number);
  }
  return numbers;
}

/**
 * A credit note at `now` for each of the order's bills not yet credited, inside `tx` (the caller
 * cancels or refunds the order under its row lock).
 * @returns the credit notes' numbers.
 */
export async function creditBills(
  tx: Database,
  orderId: number,
  reason: "cancelled" | "refunded",
  now: Date,
): Promise<string[]> {
  const orderBills = await tx
    .select()
    .from(bills)
    .where(eq(bills.orderId, orderId))
    .orderBy(asc(bills.id));
  // A claim's credit note credits part of a bill; a cancellation still reverses the whole bill.
  const done = new Set(
    orderBills.filter((bill) => bill.claimId === null).map((bill) => bill.creditsBillId),
  );
  const open = orderBills.filter((bill) => bill.kind !== "credit_note");
  const numbers: string[] = [];
  for (const bill of open) {
    if (done.has(bill.id)) continue;
    const { number } = await allocateDocumentNumber(tx, "credit_note", now);
    const content = creditNoteFor(bill.content, {
      number: bill.number,
      issuedAt: bill.issuedAt.toISOString(),
      reason,
    });
    await tx.insert(bills).values({
      orderId,
      kind: "credit_note",
      number,
      issuedAt: now,
      creditsBillId: bill.id,
      content,
      totalPaise: content.totals.totalPaise,
    });
    numbers.push(number);
  }
  return numbers;
}

/**
 * The credit notes of a claim's refund or store credit, at `now`, inside `tx` (the caller decides
 * the claim under its row lock): one per bill of the order that carries claimed goods
 * (`claimCreditNoteFor`), numbered in the credit-note series. A claim credits a bill once
 * (unique index on credits_bill_id + claim_id).
 * @returns the credit notes' numbers (empty when the order has no bill).
 */
export async function creditClaimBills(
  tx: Database,
  claim: { id: number; reference: string; orderId: number },
  lines: readonly CreditedLine[],
  now: Date,
): Promise<string[]> {
  const sales = await tx
    .select()
    .from(bills)
    .where(and(eq(bills.orderId, claim.orderId), ne(bills.kind, "credit_note")))
    .orderBy(asc(bills.id));
  const numbers: string[] = [];
  for (const bill of sales) {
    const content = claimCreditNoteFor(bill.content, lines, {
      number: bill.number,
      issuedAt: bill.issuedAt.toISOString(),
      reason: "claim",
      claimReference: claim.reference,
    });
    if (!content) continue;
    const { number } = await allocateDocumentNumber(tx, "credit_note", now);
    await tx.insert(bills).values({
      orderId: claim.orderId,
      kind: "credit_note",
      number,
      issuedAt: now,
      creditsBillId: bill.id,
      claimId: claim.id,
      content,
      totalPaise: content.totals.totalPaise,
    });
    numbers.push(number);
  }
  return numbers;
}

/** A bill as lists show it. */
export interface BillSummary {
  id: number;
  kind: BillContent["kind"];
  number: string;
  issuedAt: Date;
  totalPaise: number;
}

/** The order's documents, oldest first (sales, then their credit notes). */
export async function billsOfOrder(db: Database, orderId: number): Promise<BillSummary[]> {
  return db
    .select({
      id: bills.id,
      kind: bills.kind,
      number: bills.number,
      issuedAt: bills.issuedAt,
      totalPaise: bills.totalPaise,
    })
    .from(bills)
    .where(eq(bills.orderId, orderId))
    .orderBy(asc(bills.id));
}

/** Bill `billId` of order `orderId` as issued; null when it is not that order's. */
export async function issuedBill(
  db: Database,
  orderId: number,
  billId: number,
): Promise<IssuedBill | null> {
  const [row] = await db
    .select({ number: bills.number, issuedAt: bills.issuedAt, content: bills.content })
    .from(bills)
    .where(and(eq(bills.id, billId), eq(bills.orderId, orderId)));
  return row ?? null;
}

/** Every document issued in [from, to), credit notes included, oldest first (the GST export). */
export async function billsIssuedBetween(db: Database, from: Date, to: Date) {
  return db
    .select({
      number: bills.number,
      issuedAt: bills.issuedAt,
      content: bills.content,
      orderId: bills.orderId,
    })
    .from(bills)
    .where(and(gte(bills.issuedAt, from), lt(bills.issuedAt, to)))
    .orderBy(asc(bills.issuedAt), asc(bills.id));
}
