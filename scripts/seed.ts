/** `npm run db:seed`: inserts missing catalogue products and scrap rates; never overwrites. */
import { seedDatabase } from "~/db/seed.server";
import { openCliDatabase } from "./cli-database";

const handle = await openCliDatabase();
try {
  const result = await seedDatabase(handle.db);
  process.stdout.write(
    `Seed done (${handle.driver}): ${result.productsInserted} products, ${result.categoriesInserted} categories, ${result.materialsInserted} materials inserted.\n`,
  );
} finally {
  await handle.close();
}
