/**
 * Staff's decisions on claims through the claim page (docs/claims.md "Deciding"): a replacement
 * order at price 0 with its stock taken, a refund (paid back by staff for cash on delivery; by
 * Razorpay's refund API for an online payment, sent again by the scheduler's job after a failure,
 * never twice), store credit as a coupon the checkout takes, a rejection that needs a note; each
 * with its credit note, audit row and message in the customer's language; refusals write nothing.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { bills } from "~/db/schema/billing";
import { products } from "~/db/schema/catalogue";
import { claimPhotos, claimRefunds, claims } from "~/db/schema/claims";
import { coupons } from "~/db/schema/exchange";
import { messages } from "~/db/schema/messages";
import { orderLines, orders } from "~/db/schema/shop";
import { sendPendingClaimRefunds } from "~/features/claims/claim-decisions.server";
import { fileClaim } from "~/features/claims/claims.server";
import { previewCoupon } from "~/features/orders/coupons.server";
import { placeOrder, transitionOrder } from "~/features/orders/orders.server";
import { eraseCustomer } from "~/features/privacy/erasure.server";
import * as claimPage from "~/routes/dashboard/claim";
import { loader as claimPhoto } from "~/routes/order-claim-photo";
import { loader as trackingLoader } from "~/routes/order-tracking";
import { idempotencyKey } from "~/utils/codes.server";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { fakeRazorpayForFile } from "../support/fakes/razorpay-settings";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
const razorpay = fakeRazorpayForFile({
  keyId: "rzp_test_claims",
  keySecret: "claims-secret",
  webhookSecret: "claims-webhook",
});
const DAY = 86_400_000;
const deliveredAt = new Date("2026-12-03T06:00:00Z");
let staff: string;

beforeAll(async () => {
  staff = (await signedInStaff(handle.db, "staff")).cookie;
});

/** A delivered cash-on-delivery order of 2 Tulsi, in `language`, with a claim on 1 of them. */
async function claimedOrder(language: "en" | "hi" | "kn" = "kn") {
  const tulsi = await productBySlug(handle.db, "tulsi");
  await setStock(handle.db, tulsi.id, 50);
  const cart = await cartWith(handle.db, [{ productId: tulsi.id, quantity: 2 }]);
  const order = await placeOrder(handle.db, {
    cartId: cart.cartId,
    idempotencyKey: idempotencyKey(),
    shownLines: cart.shownLines,
    shipping: newShopper(),
    language,
    codConfirmAbovePaise: null,
  });
  for (const to of ["confirmed", "shipped", "delivered"] as const) {
    await transitionOrder(handle.db, order.id, to, "staff@example.com", undefined, deliveredAt);
  }
  const [line] = await handle.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: "#4caf50" },
  })
    .jpeg()
    .toBuffer();
  const claim = await fileClaim(handle.db, {
    token: order.trackingToken,
    lines: [{ orderLineId: line?.id ?? 0, quantity: 1, reason: "dead" }],
    photos: [jpeg],
    now: new Date(deliveredAt.getTime() + DAY),
  });
  return { order, claim, tulsi, unitPaise: line?.unitPricePaise ?? 0 };
}

type Answer = { error?: string; errors?: Record<string, string> };

const decide = (claimId: number, form: Record<string, string>) =>
  routeAnswer<Answer>(() =>
    claimPage.action(
      routeArgs<never>(`http://localhost/dashboard/claims/${claimId}`, {
        cookie: staff,
        form,
        params: { id: String(claimId) },
      }),
    ),
  );

async function claimRow(id: number) {
  const [row] = await handle.db.select().from(claims).where(eq(claims.id, id));
  return row;
}

async function messageOf(template: string, orderId: number) {
  return handle.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.template, template),
        eq(messages.entityType, "order"),
        eq(messages.entityId, String(orderId)),
      ),
    );
}

async function creditNotesOf(claimId: number) {
  return handle.db.select().from(bills).where(eq(bills.claimId, claimId));
}

async function trackingPage(token: string, prefix = "/kn") {
  return (await trackingLoader(
    routeArgs<never>(`http://localhost${prefix}/orders/${token}`, { params: { token } }),
  )) as unknown as { claims: { text: string; photos: { href: string }[] }[] };
}

describe("deciding a claim", () => {
  it("replaces: a confirmed order at price 0 with the stock taken, told in Kannada, once", async () => {
    const { order, claim, tulsi } = await claimedOrder("kn");
    const [before] = await handle.db.select().from(products).where(eq(products.id, tulsi.id));
    const answer = await decide(claim.id, { intent: "decide", decision: "replace", note: "" });
    expect(answer.location).toBe(`/dashboard/claims/${claim.id}?done=replaced`);
    const decided = await claimRow(claim.id);
    expect(decided?.status).toBe("replaced");
    const [replacement] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.id, decided?.replacementOrderId ?? 0));
    const [original] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(replacement).toMatchObject({
      status: "confirmed",
      totalPaise: 0,
      phone: original?.phone,
    });
    const lines = await handle.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, replacement?.id ?? 0));
    expect(lines.map((line) => [line.productId, line.quantity, line.unitPricePaise])).toEqual([
      [tulsi.id, 1, 0],
    ]);
    const [after] = await handle.db.select().from(products).where(eq(products.id, tulsi.id));
    expect(after?.stock).toBe((before?.stock ?? 0) - 1);
    const [told] = await messageOf("claim_decided", order.id);
    expect(told?.language).toBe("kn");
    expect(JSON.stringify(told?.params)).toContain(replacement?.reference ?? "?");
    const page = await trackingPage(order.trackingToken);
    expect(page.claims[0]?.text).toContain(replacement?.reference ?? "?");
    expect(page.claims[0]?.text).toContain("ಬದಲಿ");
    // No credit note for a replacement, and the free replacement gets no bill when delivered.
    expect(await creditNotesOf(claim.id)).toEqual([]);
    for (const to of ["shipped", "delivered"] as const) {
      await transitionOrder(handle.db, replacement?.id ?? 0, to, "staff@example.com");
    }
    expect(await handle.db.$count(bills, eq(bills.orderId, replacement?.id ?? 0))).toBe(0);

    const again = await decide(claim.id, { intent: "decide", decision: "credit", note: "" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/decided already/);
    expect((await claimRow(claim.id))?.status).toBe("replaced");
    expect(await handle.db.$count(coupons, eq(coupons.claimId, claim.id))).toBe(0);
  });

  it("refuses a replacement without stock and writes nothing", async () => {
    const { claim, tulsi } = await claimedOrder("en");
    await setStock(handle.db, tulsi.id, 0);
    const orderCount = await handle.db.$count(orders);
    const answer = await decide(claim.id, { intent: "decide", decision: "replace", note: "" });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/Not enough stock of Tulsi.*0 left/);
    expect((await claimRow(claim.id))?.status).toBe("open");
    expect(await handle.db.$count(orders)).toBe(orderCount);
  });

  it("refunds cash on delivery: a credit note for the claimed plant, then staff record paying it back", async () => {
    const { order, claim, unitPaise } = await claimedOrder("hi");
    const answer = await decide(claim.id, { intent: "decide", decision: "refund", note: "" });
    expect(answer.location).toBe(`/dashboard/claims/${claim.id}?done=refunded`);
    const [refund] = await handle.db
      .select()
      .from(claimRefunds)
      .where(eq(claimRefunds.claimId, claim.id));
    expect(refund).toMatchObject({ status: "to_pay", amountPaise: unitPaise, method: null });
    const [note] = await creditNotesOf(claim.id);
    expect(note?.kind).toBe("credit_note");
    expect(note?.content.lines.map((line) => [line.name, line.quantity])).toEqual([
      [expect.stringMatching(/^Tulsi/), 1],
    ]);
    expect(note?.totalPaise).toBe(unitPaise);
    expect(note?.content.credits).toMatchObject({
      reason: "claim",
      claimReference: claim.reference,
    });

    const noReference = await decide(claim.id, { intent: "refundPaid", method: "upi" });
    expect(noReference.status).toBe(422);
    expect(noReference.body.errors?.reference).toMatch(/UPI transaction id/);
    expect(
      (await handle.db.select().from(claimRefunds).where(eq(claimRefunds.claimId, claim.id)))[0]
        ?.status,
    ).toBe("to_pay");
    const paid = await decide(claim.id, {
      intent: "refundPaid",
      method: "upi",
      reference: "UPI-412233445566",
    });
    expect(paid.location).toBe(`/dashboard/claims/${claim.id}?done=refundPaid`);
    const [done] = await handle.db
      .select()
      .from(claimRefunds)
      .where(eq(claimRefunds.claimId, claim.id));
    expect(done).toMatchObject({ status: "paid", method: "upi", reference: "UPI-412233445566" });
    const [told] = await messageOf("claim_refund_paid", order.id);
    expect(told?.language).toBe("hi");
    const page = await trackingPage(order.trackingToken, "/hi");
    expect(page.claims[0]?.text).toContain("वापस दे दिए");
  });

  it("refunds an online payment through Razorpay with one idempotency key, again after a failure, never twice", async () => {
    const { order, claim, unitPaise } = await claimedOrder("en");
    // The order as an online payment made it: a captured payment at the fake Razorpay.
    const created = await fetch(`${razorpay.base}/v1/orders`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from("rzp_test_claims:claims-secret").toString("base64")}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ amount: order.totalPaise, currency: "INR", receipt: order.reference }),
    }).then((response) => response.json() as Promise<{ id: string }>);
    const paid = razorpay.pay(created.id);
    await handle.db
      .update(orders)
      .set({
        paymentMethod: "online",
        paymentStatus: "paid",
        razorpayOrderId: created.id,
        razorpayPaymentId: paid.razorpay_payment_id,
      })
      .where(eq(orders.id, order.id));
    const before = razorpay.refunds.length;
    razorpay.failNext(503);
    const answer = await decide(claim.id, { intent: "decide", decision: "refund", note: "" });
    expect(answer.location).toBe(`/dashboard/claims/${claim.id}?done=refunded`);
    const refundRow = async () =>
      (await handle.db.select().from(claimRefunds).where(eq(claimRefunds.claimId, claim.id)))[0];
    expect(await refundRow()).toMatchObject({ status: "pending", attempts: 1, method: "razorpay" });
    expect((await refundRow())?.lastError).toMatch(/503/);
    expect(razorpay.refunds.length).toBe(before);

    expect(await sendPendingClaimRefunds(handle.db, new Date())).toBe(1);
    const processed = await refundRow();
    expect(processed?.status).toBe("processed");
    const made = razorpay.refunds.slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      id: processed?.razorpayRefundId,
      payment_id: paid.razorpay_payment_id,
      amount: unitPaise,
      idempotencyKey: processed?.idempotencyKey,
    });
    // A second run (as after a crash before the row was updated) refunds nothing more.
    await handle.db
      .update(claimRefunds)
      .set({ status: "pending", razorpayRefundId: null })
      .where(eq(claimRefunds.claimId, claim.id));
    expect(await sendPendingClaimRefunds(handle.db, new Date())).toBe(1);
    expect(razorpay.refunds.slice(before)).toHaveLength(1);
    expect((await refundRow())?.razorpayRefundId).toBe(made[0]?.id);
  });

  it("gives store credit: a coupon the checkout takes, and a credit note", async () => {
    const { order, claim, unitPaise } = await claimedOrder("en");
    const now = new Date(deliveredAt.getTime() + 2 * DAY);
    await decide(claim.id, { intent: "decide", decision: "credit", note: "Sorry about it." });
    const [coupon] = await handle.db.select().from(coupons).where(eq(coupons.claimId, claim.id));
    expect(coupon).toMatchObject({
      valuePaise: unitPaise,
      balancePaise: unitPaise,
      pickupId: null,
    });
    const preview = await previewCoupon(handle.db, coupon?.code ?? "", 100_000, now);
    expect(preview.code).toBe(coupon?.code);
    expect((await creditNotesOf(claim.id)).length).toBe(1);
    const [told] = await messageOf("claim_decided", order.id);
    expect(JSON.stringify(told?.params)).toContain(coupon?.code ?? "?");
    expect(JSON.stringify(told?.params)).toContain("Sorry about it.");
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "claim"), eq(auditLog.entityId, String(claim.id))));
    expect(audit.map((row) => row.action)).toEqual(["claim.filed", "claim.credited"]);
  });

  it("rejects only with a note for the customer; the photo is served by the order's token only", async () => {
    const { order, claim } = await claimedOrder("en");
    const bare = await decide(claim.id, { intent: "decide", decision: "reject", note: " " });
    expect(bare.status).toBe(422);
    expect(bare.body.errors?.note).toMatch(/why the claim is rejected/);
    expect((await claimRow(claim.id))?.status).toBe("open");
    const noChoice = await decide(claim.id, { intent: "decide", note: "x" });
    expect(noChoice.status).toBe(400);
    expect(noChoice.body.errors?.decision).toMatch(/Choose replace/);
    await decide(claim.id, {
      intent: "decide",
      decision: "reject",
      note: "The photo shows a healthy plant.",
    });
    expect((await claimRow(claim.id))?.status).toBe("rejected");
    const page = await trackingPage(order.trackingToken, "");
    expect(page.claims[0]?.text).toContain("could not accept");
    const href = page.claims[0]?.photos[0]?.href ?? "";
    const photoId = href.split("/").pop() ?? "";
    const own = await claimPhoto(
      routeArgs<never>(`http://localhost${href}`, {
        params: { token: order.trackingToken, photoId },
      }),
    );
    expect((own as Response).headers.get("Content-Type")).toBe("image/jpeg");
    const other = await claimedOrder("en");
    const foreign = await routeAnswer(() =>
      claimPhoto(
        routeArgs<never>("http://localhost/x", {
          params: { token: other.order.trackingToken, photoId },
        }),
      ),
    );
    expect(foreign.status).toBe(404);
  });

  it("erasing the customer deletes the claim's photos and words, keeps what was decided", async () => {
    const { order, claim } = await claimedOrder("en");
    await decide(claim.id, {
      intent: "decide",
      decision: "reject",
      note: "Asked Meera on the phone.",
    });
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    await eraseCustomer(handle.db, row?.phone ?? "", new Date(deliveredAt.getTime() + 30 * DAY));
    expect(await handle.db.$count(claimPhotos, eq(claimPhotos.claimId, claim.id))).toBe(0);
    expect(await claimRow(claim.id)).toMatchObject({
      status: "rejected",
      decisionNote: "Erased",
    });
  });
});
