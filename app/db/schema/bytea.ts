/**
 * PostgreSQL `bytea` as a Node Buffer (drizzle has no built-in column for it): photos kept in the
 * database (docs/uploads.md), so every server and every backup has them.
 */
import { customType } from "drizzle-orm/pg-core";

/** A `bytea` column; the driver hands back a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});
