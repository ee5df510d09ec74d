/**
 * Correcting one's name and e-mail (docs/accounts.md "Correcting your details"; DPDP Act 2023
 * s.12(1) and (2), correction and updating): the signed-in customer's name and e-mail on every
 * pickup and order of their phone, except orders already delivered — a delivered order is a bill
 * and keeps the buyer's details it was issued with (ADR 0039). Erased rows carry no phone any
 * more and are never found. One audit row per record changed, by 'visitor', naming the fields
 * and not their values (the audit log is not a copy of personal data).
 */
import { and, type Column, desc, eq, ne, or } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { checkoutLimits } from "~/features/orders/checkout-fields";
import { emailAddress, requiredText } from "~/utils/form-schemas";

/** The form: the checkout's rules for a name and an e-mail address (messages are catalogue ids). */
export const contactDetailsSchema = z.object({
  name: requiredText("name", checkoutLimits.name),
  email: emailAddress(checkoutLimits.email),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

/**
 * The name and e-mail of the phone's latest pickup or order (the form's starting values), or
 * empty strings when it has none.
 * @param phone `+91XXXXXXXXXX`.
 */
export async function currentContactDetails(db: Database, phone: string): Promise<ContactDetails> {
  const [latestPickup] = await db
    .select({ name: pickups.name, email: pickups.email, at: pickups.createdAt })
    .from(pickups)
    .where(eq(pickups.phone, phone))
    .orderBy(desc(pickups.createdAt))
    .limit(1);
  const [latestOrder] = await db
    .select({ name: orders.name, email: orders.email, at: orders.createdAt })
    .from(orders)
    .where(eq(orders.phone, phone))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const latest = [latestPickup, latestOrder]
    .filter((row) => row !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  return { name: latest?.name ?? "", email: latest?.email ?? "" };
}

/**
 * Writes `details` onto the phone's pickups and its orders not delivered, in one transaction,
 * where they differ; one audit row per record changed.
 * @param phone `+91XXXXXXXXXX`, the signed-in customer's.
 * @returns how many pickups and orders changed.
 */
export async function correctContactDetails(
  db: Database,
  phone: string,
  details: ContactDetails,
): Promise<{ pickups: number; orders: number }> {
  return db.transaction(async (tx) => {
    const differs = (name: Column, email: Column) =>
      or(ne(name, details.name), ne(email, details.email));
    const changedPickups = await tx
      .update(pickups)
      .set({ name: details.name, email: details.email })
      .where(and(eq(pickups.phone, phone), differs(pickups.name, pickups.email)))
      .returning({ id: pickups.id });
    const changedOrders = await tx
      .update(orders)
      .set({ name: details.name, email: details.email, updatedAt: new Date() })
      .where(
        and(
          eq(orders.phone, phone),
          ne(orders.status, "delivered"),
          differs(orders.name, orders.email),
        ),
      )
      .returning({ id: orders.id });
    const audited = [
      ...changedPickups.map((row) => ({ entity: "pickup", id: row.id })),
      ...changedOrders.map((row) => ({ entity: "order", id: row.id })),
    ];
    for (const row of audited) {
      await recordAudit(tx, {
        actor: "visitor",
        action: `${row.entity}.contact_corrected`,
        entity: row.entity,
        entityId: row.id,
        extra: { fields: ["name", "email"], by: "the customer, signed in" },
      });
    }
    return { pickups: changedPickups.length, orders: changedOrders.length };
  });
}
