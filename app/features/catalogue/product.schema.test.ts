import { describe, expect, it } from "vitest";
import { PRICE_FORMAT_MESSAGE, PRICE_RANGE_MESSAGE, productSchema } from "./product.schema";

const plant = {
  name: "Jade Plant",
  kind: "plant",
  price: "150",
  stock: "10",
  active: "on",
  description: "A succulent.",
  size: "",
  hsnCode: "0602",
  gstRate: "0",
  usage: "indoor",
  feedGroup: "succulent",
  sunlight: "",
  watering: "",
  plantHeight: "",
  features: "",
  imagePath: "/images/products/jade.svg",
  imageAlt: "A jade plant in a pot",
};

function price(text: string) {
  const parsed = productSchema.safeParse({ ...plant, price: text });
  return parsed.success ? parsed.data.price : parsed.error.issues[0]?.message;
}

describe("product price", () => {
  it("is read by parseRupees: thousands separators now accepted, never a decimal comma", () => {
    expect(price("1,200")).toBe(120_000);
    expect(price("₹1,200.50")).toBe(120_050);
    expect(price("249.5")).toBe(24_950);
    expect(price("249,50")).toBe(PRICE_FORMAT_MESSAGE);
    expect(price("-5")).toBe(PRICE_FORMAT_MESSAGE);
    expect(price("0.99")).toBe(PRICE_RANGE_MESSAGE);
    expect(price("1,00,000.01")).toBe(PRICE_RANGE_MESSAGE);
  });
});

describe("product HSN code and GST rate (docs/tax.md)", () => {
  it("stores the rate in basis points and refuses a malformed code or an unknown rate", () => {
    const fertiliser = { ...plant, kind: "fertiliser", hsnCode: " 3101 ", gstRate: "5" };
    const parsed = productSchema.safeParse(fertiliser);
    expect(parsed.success && { hsn: parsed.data.hsnCode, rate: parsed.data.gstRate }).toEqual({
      hsn: "3101",
      rate: 500,
    });
    const bad = productSchema.safeParse({ ...plant, hsnCode: "06021", gstRate: "12" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message).sort()).toEqual([
      "dashboard.product.gstRateInvalid",
      "dashboard.product.hsnInvalid",
    ]);
  });
});
