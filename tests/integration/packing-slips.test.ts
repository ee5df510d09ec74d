/**
 * Packing slips (docs/dashboard.md "Packing slips", ADR 0035): through the route's loader as a
 * staff member, one order's slip shows its lines, quantities, number of items, address and the
 * cash on delivery to collect, rendered in rupees; an order paid online says so; several slips
 * come in the order asked; a collector is refused; unknown, malformed and too many ids are
 * refused with their message (400 or 404), never a 500.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema/shop";
import { placeOrder, transitionOrder } from "~/features/orders/orders.server";
import { MAX_PACKING_SLIPS } from "~/features/orders/packing-slip-fields";
import * as slipRoute from "~/routes/dashboard/packing-slips";
import { idempotencyKey } from "~/utils/codes.server";
import { formatPaise } from "~/utils/money";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
const BASE = "http://localhost/dashboard/orders";

type SlipData = Awaited<ReturnType<typeof slipRoute.loader>>;

let staffCookie: string;
let collectorCookie: string;
let tulsi: { id: number; name: string; pricePaise: number };
let compost: { id: number; name: string; pricePaise: number };
/** Cash on delivery: 2 Tulsi and 1 Vermicompost 5 kg, for a customer named in Devanagari. */
let codOrder: { id: number; reference: string; totalPaise: number };
/** Paid online: 1 Tulsi. */
let paidOrder: { id: number; reference: string };

async function order(items: { productId: number; quantity: number }[], name: string) {
  const cart = await cartWith(handle.db, items);
  const placed = await placeOrder(handle.db, {
    ...cart,
    idempotencyKey: idempotencyKey(),
    shipping: { ...newShopper(), name, address: "Flat 4, 12 MG Road", pinCode: "560001" },
  });
  const [row] = await handle.db.select().from(orders).where(eq(orders.reference, placed.reference));
  if (!row) throw new Error("order not stored");
  return row;
}

beforeAll(async () => {
  staffCookie = (await signedInStaff(handle.db, "staff")).cookie;
  collectorCookie = (await signedInStaff(handle.db, "collector")).cookie;
  tulsi = await productBySlug(handle.db, "tulsi");
  compost = await productBySlug(handle.db, "vermicompost-5kg");
  await setStock(handle.db, tulsi.id, 100);
  await setStock(handle.db, compost.id, 100);
  codOrder = await order(
    [
      { productId: tulsi.id, quantity: 2 },
      { productId: compost.id, quantity: 1 },
    ],
    "आशा राव",
  );
  const online = await order([{ productId: tulsi.id, quantity: 1 }], "Kavya Nair");
  await handle.db
    .update(orders)
    .set({ paymentMethod: "online", paymentStatus: "paid", paidAt: online.createdAt })
    .where(eq(orders.id, online.id));
  paidOrder = online;
});

function slipAnswer(url: string, cookie = staffCookie, params: Record<string, string> = {}) {
  return routeAnswer<SlipData>(() => slipRoute.loader(routeArgs(url, { cookie, params })));
}

/** The loader's status; anything thrown that is not an HTTP answer (a crash) is thrown on. */
async function statusOfSlips(url: string): Promise<number> {
  try {
    await slipRoute.loader(routeArgs(url, { cookie: staffCookie }));
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const status = (thrown as { init?: ResponseInit } | null)?.init?.status;
    if (status) return status;
    throw thrown;
  }
}

/** The page as the server renders it for `loaderData` (the route's component, in a stub router). */
function renderedPage(url: string, loaderData: SlipData): string {
  const Stub = createRoutesStub([
    {
      id: "slip",
      path: "/dashboard/orders/:id/slip",
      Component: slipRoute.default as never,
      loader: () => loaderData,
    },
  ]);
  return renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: [new URL(url).pathname],
      hydrationData: { loaderData: { slip: loaderData } },
    }),
  );
}

describe("one order's slip", () => {
  it("shows the lines with their quantities, the items, the address and the cash to collect", async () => {
    const url = `${BASE}/${codOrder.id}/slip`;
    const answer = await slipAnswer(url, staffCookie, { id: String(codOrder.id) });
    expect(answer.status).toBe(200);
    expect(answer.body.width).toBe("a4");
    const [slip] = answer.body.slips;
    expect(slip).toMatchObject({
      reference: codOrder.reference,
      name: "आशा राव",
      address: "Flat 4, 12 MG Road",
      city: "Bengaluru",
      pinCode: "560001",
      itemCount: 3,
      payment: { kind: "collect", amountPaise: 2 * tulsi.pricePaise + compost.pricePaise },
    });
    expect(slip?.lines.map((line) => [line.name, line.quantity])).toEqual([
      [tulsi.name, 2],
      [compost.name, 1],
    ]);
    expect(codOrder.totalPaise).toBe(2 * tulsi.pricePaise + compost.pricePaise);

    const html = renderedPage(url, answer.body);
    expect(html).toContain(
      `Cash on delivery — collect <strong>${formatPaise(codOrder.totalPaise)}</strong>`,
    );
    expect(html).toContain("आशा राव");
    expect(html).toContain("PIN 560001");
    expect(html).toContain("3 items");
    expect(html).toContain("Packed by");
    // A packing slip, not a bill: the amount to collect is the only amount on it.
    expect(html.match(/₹/g)).toHaveLength(1);
    expect(html).not.toMatch(/invoice|GST/i);
  });

  it("says an order paid online is paid, with nothing to collect", async () => {
    const url = `${BASE}/${paidOrder.id}/slip?width=80mm`;
    const answer = await slipAnswer(url, staffCookie, { id: String(paidOrder.id) });
    expect(answer.status).toBe(200);
    expect(answer.body.width).toBe("80mm");
    expect(answer.body.slips[0]?.payment).toEqual({ kind: "paid-online" });
    const html = renderedPage(url, answer.body);
    expect(html).toContain("Paid online (UPI, cards) — collect nothing");
    expect(html).not.toContain("Cash on delivery");
  });

  it("tells the packer not to pack a cancelled order, and asks for no cash", async () => {
    const cancelled = await order([{ productId: compost.id, quantity: 1 }], "Meera Iyer");
    await transitionOrder(handle.db, cancelled.id, "cancelled", "staff@example.com", "placed");
    const url = `${BASE}/${cancelled.id}/slip`;
    const answer = await slipAnswer(url, staffCookie, { id: String(cancelled.id) });
    expect(answer.status).toBe(200);
    const html = renderedPage(url, answer.body);
    expect(html).toContain("Cancelled order — do not pack or send");
    expect(html).not.toContain("collect");
  });

  it("links the other paper by the order's path, also from a .data request", async () => {
    const url = `${BASE}/${codOrder.id}/slip.data?width=80mm`;
    const answer = await slipAnswer(url, staffCookie, { id: String(codOrder.id) });
    expect(answer.body.widthLinks).toEqual({
      a4: `/dashboard/orders/${codOrder.id}/slip`,
      "80mm": `/dashboard/orders/${codOrder.id}/slip?width=80mm`,
    });
  });

  it("answers 404 for an order that does not exist or an id that is none", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const answer = await slipAnswer(`${BASE}/${id}/slip`, staffCookie, { id });
      expect(answer.status).toBe(404);
      expect(answer.body).toBe("This order does not exist.");
    }
  });

  it("refuses a collector with 403", async () => {
    const answer = await slipAnswer(`${BASE}/${codOrder.id}/slip`, collectorCookie, {
      id: String(codOrder.id),
    });
    expect(answer.status).toBe(403);
  });
});

describe("several slips", () => {
  it("come in the order asked, each order once, on the paper asked", async () => {
    const answer = await slipAnswer(
      `${BASE}/slips.data?id=${paidOrder.id}&id=${codOrder.id}&id=${paidOrder.id}&width=80mm`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.width).toBe("80mm");
    expect(answer.body.slips.map((slip) => slip.reference)).toEqual([
      paidOrder.reference,
      codOrder.reference,
    ]);
    expect(answer.body.widthLinks.a4).toBe(
      `/dashboard/orders/slips?id=${paidOrder.id}&id=${codOrder.id}`,
    );
  });

  it(`refuses more than ${MAX_PACKING_SLIPS} orders, none, a malformed id and unknown ids`, async () => {
    const many = Array.from({ length: MAX_PACKING_SLIPS + 1 }, () => `id=${codOrder.id}`);
    const cases: [string, number, string][] = [
      [`?${many.join("&")}`, 400, `Choose at most ${MAX_PACKING_SLIPS} orders at a time.`],
      ["", 400, "Choose at least one order on the orders list"],
      [`?id=${codOrder.id}&id=1;drop`, 400, "1;drop is not an order id."],
      [`?id=${codOrder.id}&id=%00%FF`, 400, "is not an order id."],
      [
        `?id=${codOrder.id}&id=999998&id=999999`,
        404,
        "Some of the chosen orders do not exist (ids 999998, 999999); no slips were made.",
      ],
    ];
    for (const [query, status, words] of cases) {
      const answer = await slipAnswer(`${BASE}/slips${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status });
      expect(answer.body).toContain(words);
    }
  });

  it("a full page of the orders list, 50 ids, is allowed", async () => {
    const fifty = Array.from({ length: MAX_PACKING_SLIPS }, (_, i) =>
      i % 2 ? `id=${codOrder.id}` : `id=${paidOrder.id}`,
    );
    const answer = await slipAnswer(`${BASE}/slips?${fifty.join("&")}`);
    expect(answer.status).toBe(200);
    expect(answer.body.slips).toHaveLength(2);
  });

  it("answers any query string with slips, 400 or 404, never a 5xx", async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
      fc.constantFrom(String(codOrder.id), String(paidOrder.id), "", " 1", "1e3", "0x1", "%"),
    );
    const query = fc.array(fc.tuple(fc.constantFrom("id", "width", "ids", "id[]"), value), {
      maxLength: 60,
    });
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const status = await statusOfSlips(`${BASE}/slips?${new URLSearchParams(pairs)}`);
        expect([200, 400, 404]).toContain(status);
      }),
      { numRuns: 100 },
    );
  });
});
