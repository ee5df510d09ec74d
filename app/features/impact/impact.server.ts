/**
 * The home page's 'Our impact' figures (docs/exchange.md "Impact"): scrap collected, plants
 * handed over as rewards and pickups completed, all from confirmed weigh sheets and collected
 * pickups. Read at most once every 5 minutes per database (db/read-cache.server.ts), so the
 * home page costs no more under load. A confirmed weigh sheet drops the cache on every app
 * server (db/cache-invalidation.server.ts), so the figures lag a confirmation by well under a second;
 * other changes (a status edited by hand in SQL) show within 5 minutes.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { createReadCache } from "~/db/read-cache.server";
import { weighSheetLines, weighSheetPlants, weighSheets } from "~/db/schema/exchange";
import { pickups } from "~/db/schema/pickups";

/** How long the figures are kept before the next request reads them again, milliseconds. */
export const IMPACT_CACHE_MS = 5 * 60 * 1000;

export interface ImpactFigures {
  /** Σ grams of the lines of confirmed weigh sheets. */
  collectedGrams: number;
  /** Σ quantity of the plants of confirmed weigh sheets. */
  plantsGiven: number;
  /** Pickups with status 'collected'. */
  pickupsCompleted: number;
}

const cache = createReadCache("impact", { maxAgeMs: IMPACT_CACHE_MS, maxEntries: 1 });

async function readImpactFigures(db: Database): Promise<ImpactFigures> {
  const [grams, plants, completed] = await Promise.all([
    db
      .select({ total: sql<string>`coalesce(sum(${weighSheetLines.grams}), 0)::text` })
      .from(weighSheetLines)
      .innerJoin(weighSheets, eq(weighSheets.id, weighSheetLines.weighSheetId))
      .where(eq(weighSheets.status, "confirmed")),
    db
      .select({ total: sql<string>`coalesce(sum(${weighSheetPlants.quantity}), 0)::text` })
      .from(weighSheetPlants)
      .innerJoin(weighSheets, eq(weighSheets.id, weighSheetPlants.weighSheetId))
      .where(eq(weighSheets.status, "confirmed")),
    db
      .select({ total: sql<string>`count(*)::text` })
      .from(pickups)
      .where(eq(pickups.status, "collected")),
  ]);
  return {
    collectedGrams: Number(grams[0]?.total ?? 0),
    plantsGiven: Number(plants[0]?.total ?? 0),
    pickupsCompleted: Number(completed[0]?.total ?? 0),
  };
}

/**
 * The impact figures as of at most IMPACT_CACHE_MS before `now`: the cached ones while they are
 * younger than that, else read again (concurrent callers share one read; a failed read is not
 * kept, so the next call tries again). The result is frozen (shared between requests).
 * @throws whatever the database throws on a fresh read.
 */
export function getImpactFigures(db: Database, now: Date): Promise<ImpactFigures> {
  return cache.get(db, "figures", () => readImpactFigures(db), now.getTime());
}
