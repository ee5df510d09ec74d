/**
 * A database that fails writes as a fault would (docs/operations.md "Faults and recovery", "A
 * full disk"): a trigger on `carts` raises the SQLSTATE the fault gives, so the error travels
 * through the real driver and Drizzle to the route and on to app/entry.server.tsx; and the
 * "add to cart" POST that meets it, as the server would send it.
 */
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { handleError } from "~/entry.server";
import { action as cartAction } from "~/routes/cart";
import { clientAddressContext } from "~/utils/request-context";

/**
 * Makes every new cart row fail with SQLSTATE condition `errcode` (e.g. 'disk_full',
 * 'admin_shutdown') and `message`; `name` names the trigger's function. Once per database.
 */
export async function failCartInserts(
  db: Database,
  name: string,
  errcode: string,
  message: string,
): Promise<void> {
  await db.execute(
    sql.raw(`
    create function ${name}() returns trigger language plpgsql as $$
    begin
      raise exception using errcode = '${errcode}', message = '${message.replaceAll("'", "''")}';
    end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger ${name} before insert on carts for each row execute function ${name}()`,
    ),
  );
}

/**
 * POSTs "add to cart" to `path` from `address` as the server would: the action's error (after
 * React Router's `handleError` saw it), the request and its load context.
 */
export async function postAddToCart(path: string, address: string) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, address);
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", productId: "1" }),
  });
  const args = { request, params: {}, context } as unknown as Parameters<typeof cartAction>[0];
  const error = await cartAction(args).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  // What React Router does with an action's error before it answers.
  handleError(error, { request, params: {}, context });
  return { request, context, error };
}
