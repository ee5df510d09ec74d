/**
 * What an order's bills say (docs/tax.md; ADR 0044): which documents it gets, and each one's
 * lines, tax split, totals and parties, as data the PDF and the GST export both read. Pure and
 * browser-safe; money in integer paise, rates in basis points (500 = 5 %).
 *
 * Rules, with their sources in docs/tax.md:
 * - the documents: `documentsFor` (CGST Act s.31, Rules 46, 46A, 49; a shop without a GSTIN gives
 *   a receipt and charges no tax, s.32(1));
 * - the tax of each line is taken out of its tax-inclusive line total (`taxInsidePrice`), CGST +
 *   SGST when the delivery State is the shop's, IGST otherwise (IGST Act s.10(1)(ca), Circular
 *   209/3/2024-GST: the delivery address decides the place of supply);
 * - the delivery charge is a line of the document that holds the order's principal supply (its
 *   largest line by value), at that line's HSN code and rate (a composite supply, CGST Act
 *   s.2(30) and s.8(a); to confirm with the CA, docs/tax.md);
 * - a coupon is store credit (ADR 0042): a payment, printed under the totals, never a discount
 *   that lowers a taxable value.
 */
import type { BillContent, BillLine, BillTotals, ShopIdentity } from "~/db/schema/billing";

export type { BillContent, BillLine, BillTotals, ShopIdentity };

import { documentsFor, type Supply, supplyBetween, taxInsidePrice } from "./gst";
import { gstStateCodes } from "./gstin";

/** The name of the delivery charge's line on a bill. */
export const DELIVERY_LINE_NAME = "Delivery charges";

/** A line of an order as billed: the snapshot taken when the order was placed. */
export interface BillableLine {
  name: string;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
  /** 4, 6 or 8 digits; '' when staff never set it. */
  hsnCode: string;
  gstRateBp: number;
}

/** The order as its bills need it (its buyer is its delivery address). */
export interface BillableOrder {
  reference: string;
  placedAt: Date;
  name: string;
  address: string;
  city: string;
  state: string;
  pinCode: string;
  /** The buyer's GSTIN as checked at checkout; '' for none. */
  buyerGstin: string;
  lines: readonly BillableLine[];
  deliveryPaise: number;
  discountPaise: number;
  couponCode: string | null;
  paymentMethod: "cod" | "online";
}

/** The GST state code of a State or union territory ('' when it has none). */
export function stateCodeOf(state: string): string {
  return Object.entries(gstStateCodes).find(([, name]) => name === state)?.[0] ?? "";
}

/** Sums of the lines' columns. */
export function totalsOf(lines: readonly BillLine[]): BillTotals {
  const sum = (pick: (line: BillLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.amountPaise),
  };
}

function billLine(
  line: Omit<BillableLine, "lineTotalPaise"> & { amountPaise: number },
  supply: Supply,
  registered: boolean,
): BillLine {
  const rateBp = registered ? line.gstRateBp : 0;
  const tax = taxInsidePrice(line.amountPaise, rateBp, supply);
  return {
    name: line.name,
    hsnCode: line.hsnCode,
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
    rateBp,
    amountPaise: line.amountPaise,
    ...tax,
  };
}

/** The index of the order's principal supply: its largest line by value (the first of equals). */
function principalLine(lines: readonly BillableLine[]): number {
  let best = 0;
  lines.forEach((line, index) => {
    if (line.lineTotalPaise > (lines[best]?.lineTotalPaise ?? 0)) best = index;
  });
  return best;
}

/**
 * The documents of `order` from `shop` (one, or two for a GSTIN holder's order that mixes nil
 * and taxed goods), each with its lines, tax and totals; the delivery charge on the document of
 * the principal line. The documents' totals add up to the order's subtotal + delivery.
 * @throws RangeError for an order without lines.
 */
export function planBills(order: BillableOrder, shop: ShopIdentity): BillContent[] {
  const registered = shop.gstin !== "";
  const supply = supplyBetween(shop.state, order.state);
  const plans = documentsFor(
    order.lines.map((line) => line.gstRateBp),
    { shopRegistered: registered, buyerRegistered: order.buyerGstin !== "" },
  );
  const principal = principalLine(order.lines);
  const principalSupply = order.lines[principal];
  return plans.map((plan) => {
    const lines = plan.lines.map((index) => {
      const line = order.lines[index] as BillableLine;
      return billLine({ ...line, amountPaise: line.lineTotalPaise }, supply, registered);
    });
    if (order.deliveryPaise > 0 && principalSupply && plan.lines.includes(principal)) {
      lines.push(
        billLine(
          {
            name: DELIVERY_LINE_NAME,
            hsnCode: principalSupply.hsnCode,
            quantity: 1,
            unitPricePaise: order.deliveryPaise,
            gstRateBp: principalSupply.gstRateBp,
            amountPaise: order.deliveryPaise,
          },
          supply,
          registered,
        ),
      );
    }
    return {
      kind: plan.kind,
      supplier: { ...shop, stateCode: stateCodeOf(shop.state) },
      buyer: {
        name: order.name,
        address: order.address,
        city: order.city,
        state: order.state,
        stateCode: stateCodeOf(order.state),
        pinCode: order.pinCode,
        gstin: order.buyerGstin,
      },
      placeOfSupply: { state: order.state, stateCode: stateCodeOf(order.state) },
      supply,
      orderReference: order.reference,
      orderPlacedAt: order.placedAt.toISOString(),
      lines,
      totals: totalsOf(lines),
      payment: {
        couponCode: order.couponCode,
        couponPaise: order.discountPaise,
        method: order.paymentMethod,
      },
    };
  });
}

/** The credit note reversing `original` in full: the same lines and totals, and what it credits. */
export function creditNoteFor(
  original: BillContent,
  credits: NonNullable<BillContent["credits"]>,
): BillContent {
  return { ...original, kind: "credit_note", credits };
}

/** An order line a claim credits: its name and unit price as billed, and how many. */
export interface CreditedLine {
  name: string;
  unitPricePaise: number;
  quantity: number;
}

/**
 * The credit note of a claim's refund or store credit against `original` (CGST Act s.34: a
 * credit note for goods found deficient): the bill's lines of the claimed goods (matched by name
 * and unit price; never the delivery charge), each for the claimed quantity, its tax taken out
 * of the new amount at the bill's rate and supply as the bill did.
 * @returns null when none of the claimed goods is on this bill (the other document of a mixed
 *   order).
 */
export function claimCreditNoteFor(
  original: BillContent,
  claimed: readonly CreditedLine[],
  credits: NonNullable<BillContent["credits"]>,
): BillContent | null {
  const lines: BillLine[] = [];
  for (const line of original.lines) {
    const match = claimed.find(
      (item) => item.name === line.name && item.unitPricePaise === line.unitPricePaise,
    );
    if (!match || line.name === DELIVERY_LINE_NAME) continue;
    const quantity = Math.min(match.quantity, line.quantity);
    const amountPaise = line.unitPricePaise * quantity;
    lines.push({
      ...line,
      quantity,
      amountPaise,
      ...taxInsidePrice(amountPaise, line.rateBp, original.supply),
    });
  }
  if (lines.length === 0) return null;
  return {
    ...original,
    kind: "credit_note",
    lines,
    totals: totalsOf(lines),
    payment: { ...original.payment, couponCode: null, couponPaise: 0 },
    credits,
  };
}
