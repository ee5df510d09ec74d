/**
 * The registered recyclers staff name on certificates of collection (docs/corporate.md "Monthly
 * statement and certificates"): a name (1–120 characters) and the registration number as issued
 * (3–60 characters, unique), added by staff with an audit row (`recycler.create`).
 */
import { asc } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { recyclers } from "~/db/schema/organisations";
import { isUniqueViolation } from "~/utils/pg-errors";
import { OrganisationError } from "./organisations.server";

/** The Add a recycler form (English messages: `dashboard.organisations.*`). */
export const recyclerSchema = z.object({
  recyclerName: z
    .string()
    .trim()
    .min(1, "dashboard.organisations.recyclerNameRequired")
    .max(120, "dashboard.organisations.recyclerNameTooLong"),
  registration: z
    .string()
    .trim()
    .min(3, "dashboard.organisations.registrationRequired")
    .max(60, "dashboard.organisations.registrationTooLong"),
});

export type RecyclerInput = z.output<typeof recyclerSchema>;

/** Every recycler, by name. */
export async function listRecyclers(db: Database) {
  return db.select().from(recyclers).orderBy(asc(recyclers.name), asc(recyclers.id));
}

/**
 * Adds a recycler, audited.
 * @throws OrganisationError 409 `registrationTaken` (field registration) for a number already on
 *   the list.
 */
export async function addRecycler(db: Database, actor: { email: string }, input: RecyclerInput) {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(recyclers)
        .values({
          name: input.recyclerName,
          registration: input.registration,
          createdBy: actor.email,
        })
        .returning({ id: recyclers.id });
      await recordAudit(tx, {
        actor,
        action: "recycler.create",
        entity: "recycler",
        entityId: row?.id ?? 0,
        after: { name: input.recyclerName, registration: input.registration },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "recyclers_registration_unique")) {
      throw new OrganisationError("dashboard.organisations.registrationTaken", 409, "registration");
    }
    throw error;
  }
}
