import { describe, expect, it } from "vitest";
import { type BillableOrder, creditNoteFor, planBills, type ShopIdentity } from "./bill-plan";

const shop: ShopIdentity = {
  legalName: "Green Exchange Pvt Ltd",
  address: "12 MG Road, Bengaluru 560001",
  state: "Karnataka",
  gstin: "29ABCDE1234F1ZW",
};

const snakePlant = {
  name: "Snake Plant",
  quantity: 2,
  unitPricePaise: 29_900,
  lineTotalPaise: 59_800,
  hsnCode: "0602",
  gstRateBp: 0,
};
const vermicompost = {
  name: "Vermicompost 5 kg",
  quantity: 1,
  unitPricePaise: 29_900,
  lineTotalPaise: 29_900,
  hsnCode: "3101",
  gstRateBp: 500,
};

function order(overrides: Partial<BillableOrder> = {}): BillableOrder {
  return {
    reference: "OR-123456789",
    placedAt: new Date("2026-11-20T05:00:00Z"),
    name: "Meera Iyer",
    address: "8 Church Street",
    city: "Bengaluru",
    state: "Karnataka",
    pinCode: "560001",
    buyerGstin: "",
    lines: [snakePlant, vermicompost],
    deliveryPaise: 0,
    discountPaise: 0,
    couponCode: null,
    paymentMethod: "cod",
    ...overrides,
  };
}

describe("planBills", () => {
  it("gives a mixed order in the shop's State one invoice-cum-bill of supply, CGST + SGST on the taxed line", () => {
    const [bill, ...more] = planBills(order(), shop);
    expect(more).toEqual([]);
    expect(bill?.kind).toBe("invoice_cum_bill_of_supply");
    expect(bill?.supply).toBe("intra");
    expect(bill?.lines).toEqual([
      expect.objectContaining({ hsnCode: "0602", rateBp: 0, taxablePaise: 59_800, cgstPaise: 0 }),
      // docs/tax.md's worked example: ₹299 at 5 % is ₹284.76 + ₹7.12 + ₹7.12.
      expect.objectContaining({
        hsnCode: "3101",
        rateBp: 500,
        taxablePaise: 28_476,
        cgstPaise: 712,
        sgstPaise: 712,
        igstPaise: 0,
      }),
    ]);
    expect(bill?.totals).toEqual({
      taxablePaise: 88_276,
      cgstPaise: 712,
      sgstPaise: 712,
      igstPaise: 0,
      totalPaise: 89_700,
    });
    expect(bill?.placeOfSupply).toEqual({ state: "Karnataka", stateCode: "29" });
  });

  it("splits tax as IGST when the delivery State is another", () => {
    const [bill] = planBills(
      order({ state: "Tamil Nadu", city: "Chennai", pinCode: "600001" }),
      shop,
    );
    expect(bill?.supply).toBe("inter");
    expect(bill?.lines[1]).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 1_424 });
    expect(bill?.placeOfSupply.stateCode).toBe("33");
    expect(bill?.totals.totalPaise).toBe(89_700);
  });

  it("puts the delivery charge on the principal line's document at its rate, and the documents add up to the order", () => {
    const buyer = order({ buyerGstin: "27AAPFU0939F1ZV", deliveryPaise: 4_900 });
    const bills = planBills(buyer, shop);
    expect(bills.map((bill) => bill.kind)).toEqual(["tax_invoice", "bill_of_supply"]);
    // The snake plants (₹598) are the principal supply: delivery goes on the bill of supply, nil.
    expect(bills[1]?.lines.at(-1)).toMatchObject({
      name: "Delivery charges",
      hsnCode: "0602",
      rateBp: 0,
      amountPaise: 4_900,
    });
    const all = bills.reduce((sum, bill) => sum + bill.totals.totalPaise, 0);
    expect(all).toBe(59_800 + 29_900 + 4_900);
  });

  it("gives a shop without a GSTIN one receipt without tax", () => {
    const [bill, ...more] = planBills(order({ deliveryPaise: 4_900 }), { ...shop, gstin: "" });
    expect(more).toEqual([]);
    expect(bill?.kind).toBe("receipt");
    expect(bill?.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(bill?.totals.totalPaise).toBe(94_600);
  });

  it("prints a coupon as a payment, leaving the taxable value alone", () => {
    const [bill] = planBills(order({ couponCode: "SS-7K2M-9QXD", discountPaise: 20_000 }), shop);
    expect(bill?.totals.taxablePaise).toBe(88_276);
    expect(bill?.payment).toEqual({
      couponCode: "SS-7K2M-9QXD",
      couponPaise: 20_000,
      method: "cod",
    });
  });
});

describe("creditNoteFor", () => {
  it("reverses the original's lines and totals and names it", () => {
    const [bill] = planBills(order(), shop);
    if (!bill) throw new Error("no bill");
    const note = creditNoteFor(bill, {
      number: "IBS/26-27/00001",
      issuedAt: "2026-11-21T05:00:00.000Z",
      reason: "cancelled",
    });
    expect(note.kind).toBe("credit_note");
    expect(note.totals).toEqual(bill.totals);
    expect(note.credits?.number).toBe("IBS/26-27/00001");
  });
});
