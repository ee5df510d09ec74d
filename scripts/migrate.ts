/** `npm run db:migrate`: applies the SQL migrations in drizzle/ (the server also does at start). */
import { openCliDatabase } from "./cli-database";

const handle = await openCliDatabase();
await handle.close();
process.stdout.write(`Migrations applied (${handle.driver}).\n`);
