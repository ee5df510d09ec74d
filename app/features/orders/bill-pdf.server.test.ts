import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/documents/pdf-text";
import { renderBillPdf } from "./bill-pdf.server";
import { planBills } from "./bill-plan";

const shop = {
  legalName: "Scrap & Sprout Ventures LLP",
  address: "12 MG Road, Bengaluru 560001",
  state: "Karnataka",
  gstin: "29ABCDE1234F1ZW",
};

function order(state: string, name = "Meera Iyer") {
  return {
    reference: "OR-123456789",
    placedAt: new Date("2026-11-20T05:00:00Z"),
    name,
    address: "8 Church Street",
    city: state === "Karnataka" ? "Bengaluru" : "Chennai",
    state,
    pinCode: state === "Karnataka" ? "560001" : "600001",
    buyerGstin: "",
    lines: [
      {
        name: "Snake Plant",
        quantity: 2,
        unitPricePaise: 29_900,
        lineTotalPaise: 59_800,
        hsnCode: "0602",
        gstRateBp: 0,
      },
      {
        name: "Vermicompost 5 kg",
        quantity: 1,
        unitPricePaise: 29_900,
        lineTotalPaise: 29_900,
        hsnCode: "3101",
        gstRateBp: 500,
      },
    ],
    deliveryPaise: 4_900,
    discountPaise: 0,
    couponCode: null,
    paymentMethod: "cod" as const,
  };
}

describe("renderBillPdf", () => {
  it("prints an invoice-cum-bill of supply whose text a reader finds: title, number, HSN lines, CGST + SGST, totals", async () => {
    const [content] = planBills(order("Karnataka"), shop);
    if (!content) throw new Error("no bill");
    const bytes = await renderBillPdf({
      number: "IBS/26-27/00001",
      issuedAt: new Date("2026-11-22T06:00:00Z"),
      content,
    });
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    if (process.env.BILL_PDF_OUT) writeFileSync(process.env.BILL_PDF_OUT, bytes);
    const text = await pdfText(bytes);
    expect(text).toContain("Invoice-cum-Bill of Supply");
    expect(text).toContain("No. IBS/26-27/00001");
    expect(text).toContain("Date: 22 Nov 2026");
    expect(text).toContain("GSTIN: 29ABCDE1234F1ZW");
    expect(text).toContain("Place of supply: Karnataka (29)");
    expect(text).toMatch(/1 Snake Plant 0602 2 299\.00 598\.00 0% 0\.00 0\.00 598\.00/);
    expect(text).toMatch(/2 Vermicompost 5 kg 3101 1 299\.00 284\.76 5% 7\.12 7\.12 299\.00/);
    // Delivery goes with the principal supply (the plants): nil.
    expect(text).toMatch(/3 Delivery charges 0602 1 49\.00 49\.00 0% 0\.00 0\.00 49\.00/);
    expect(text).toContain("CGST ₹7.12");
    expect(text).toContain("Total (including GST) ₹946");
    expect(text).toContain("Amount in words: Nine Hundred Forty Six Rupees Only");
  });

  it("prints IGST for another State, and a Hindi buyer's name without breaking", async () => {
    const [content] = planBills(order("Tamil Nadu", "मीरा अय्यर"), shop);
    if (!content) throw new Error("no bill");
    const text = await pdfText(
      await renderBillPdf({ number: "IBS/26-27/00002", issuedAt: new Date(), content }),
    );
    expect(text).toContain("IGST ₹14.24");
    expect(text).not.toContain("CGST");
    expect(text).toContain("Place of supply: Tamil Nadu (33)");
  });
});
