/**
 * A bill as a PDF (docs/tax.md; ADR 0043): A4, drawn with pdfkit, the shipped Noto fonts
 * embedded as subsets (app/assets/fonts): Noto Sans for Latin text and the rupee sign, Noto Sans
 * Devanagari and Noto Sans Kannada for Hindi and Kannada runs (a buyer's name or address typed in
 * them), each such run marked with its text (ActualText) so that copying and text extraction
 * give it in logical order. Bills are in English, as the trade and the GST portal are.
 *
 * What it prints is the issued bill's `content` (bill-plan.ts): the title the document kind
 * needs (CGST Rules 2017 rules 46, 46A, 49, 53), number and date, supplier and buyer with their
 * States and codes, the place of supply, one row per line with HSN code, quantity, the
 * tax-inclusive price, taxable value, rate and CGST + SGST or IGST, the totals, the total in
 * words, how it is paid, and for a credit note the document it reverses.
 */
import PDFDocument from "pdfkit";
import type { BillContent, BillLine } from "~/db/schema/billing";
import { formatDayIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import {
  CONTENT_WIDTH,
  type Doc,
  heightOf,
  MARGIN,
  withFonts,
  write,
} from "~/utils/pdf-text.server";
import { amountInWords } from "./amount-in-words.server";
import { billTitles } from "./bill-titles";

/** An issued document: its number, when, and what it says. */
export interface IssuedBill {
  number: string;
  issuedAt: Date;
  content: BillContent;
}

/** A table cell's amount: rupees with two decimals, Indian grouping ("1,250.50"). */
function rupees(paise: number): string {
  const whole = formatPaise(paise - (paise % 100)).replace("₹", "");
  return `${whole}.${String(paise % 100).padStart(2, "0")}`;
}

function percent(rateBp: number): string {
  return `${rateBp / 100}%`;
}

interface Column {
  label: string;
  width: number;
  align: "left" | "right";
  value: (line: BillLine, index: number) => string;
}

/** The table's columns: tax columns for the document's supply, none on a receipt. */
function columnsOf(content: BillContent): Column[] {
  const taxed = content.kind !== "receipt";
  const tax: Column[] = !taxed
    ? []
    : content.supply === "intra"
      ? [
          { label: "GST", width: 32, align: "right", value: (l) => percent(l.rateBp) },
          { label: "CGST ₹", width: 46, align: "right", value: (l) => rupees(l.cgstPaise) },
          { label: "SGST ₹", width: 46, align: "right", value: (l) => rupees(l.sgstPaise) },
        ]
      : [
          { label: "GST", width: 32, align: "right", value: (l) => percent(l.rateBp) },
          { label: "IGST ₹", width: 56, align: "right", value: (l) => rupees(l.igstPaise) },
        ];
  const fixed: Column[] = [
    { label: "#", width: 16, align: "left", value: (_l, i) => String(i + 1) },
    { label: "HSN", width: 36, align: "left", value: (l) => l.hsnCode || "—" },
    { label: "Qty", width: 26, align: "right", value: (l) => String(l.quantity) },
    { label: "Price ₹", width: 52, align: "right", value: (l) => rupees(l.unitPricePaise) },
    ...(taxed
      ? [
          {
            label: "Taxable ₹",
            width: 56,
            align: "right" as const,
            value: (l: BillLine) => rupees(l.taxablePaise),
          },
        ]
      : []),
    ...tax,
    { label: "Amount ₹", width: 58, align: "right", value: (l) => rupees(l.amountPaise) },
  ];
  const used = fixed.reduce((sum, column) => sum + column.width, 0);
  const item: Column = {
    label: "Item",
    width: CONTENT_WIDTH - used,
    align: "left",
    value: (l) => l.name,
  };
  return [fixed[0] as Column, item, ...fixed.slice(1)];
}

function drawParties(doc: Doc, bill: IssuedBill, top: number): number {
  const { supplier, buyer, placeOfSupply } = bill.content;
  const half = CONTENT_WIDTH / 2 - 10;
  const supplierLines = [
    supplier.legalName,
    supplier.address,
    `State: ${supplier.state} (${supplier.stateCode})`,
    supplier.gstin ? `GSTIN: ${supplier.gstin}` : "Not registered under GST",
  ];
  const buyerLines = [
    buyer.name,
    `${buyer.address}, ${buyer.city} ${buyer.pinCode}`,
    `State: ${buyer.state} (${buyer.stateCode})`,
    ...(buyer.gstin ? [`GSTIN: ${buyer.gstin}`] : []),
    `Place of supply: ${placeOfSupply.state} (${placeOfSupply.stateCode})`,
  ];
  const column = (title: string, lines: string[], x: number) => {
    let y = top;
    write(doc, title, x, y, half, 8, true);
    y += 13;
    for (const line of lines) {
      write(doc, line, x, y, half);
      y += heightOf(doc, line, half);
    }
    return y;
  };
  const left = column("Sold by", supplierLines, MARGIN);
  const right = column("Billed and delivered to", buyerLines, MARGIN + half + 20);
  return Math.max(left, right) + 8;
}

function drawTable(doc: Doc, content: BillContent, top: number): number {
  const columns = columnsOf(content);
  let y = top;
  const row = (cells: string[], bold: boolean) => {
    let x = MARGIN;
    const height = Math.max(
      ...cells.map((cell, i) => heightOf(doc, cell, (columns[i]?.width ?? 0) - 4)),
    );
    if (y + height > doc.page.height - MARGIN - 140) {
      doc.addPage();
      y = MARGIN;
    }
    cells.forEach((cell, i) => {
      const column = columns[i] as Column;
      doc.font(bold ? "latinBold" : "latin").fontSize(8);
      if (i === 1 && !bold) {
        write(doc, cell, x + 2, y, column.width - 4, 8);
      } else {
        doc.text(cell, x + 2, y + 8, {
          width: column.width - 4,
          align: column.align,
          baseline: "alphabetic",
        });
      }
      x += column.width;
    });
    y += height + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
    y += 3;
  };
  row(
    columns.map((column) => column.label),
    true,
  );
  content.lines.forEach((line, index) => {
    row(
      columns.map((column) => column.value(line, index)),
      false,
    );
  });
  return y + 4;
}

function drawTotals(doc: Doc, content: BillContent, top: number): number {
  const { totals } = content;
  const rows: [string, number][] = [];
  if (content.kind !== "receipt") {
    rows.push(["Taxable value", totals.taxablePaise]);
    if (content.supply === "intra") {
      rows.push(["CGST", totals.cgstPaise], ["SGST", totals.sgstPaise]);
    } else {
      rows.push(["IGST", totals.igstPaise]);
    }
  }
  let y = top;
  const labelX = MARGIN + CONTENT_WIDTH - 240;
  for (const [label, paise] of rows) {
    write(doc, label, labelX, y, 150);
    doc
      .font("latin")
      .fontSize(9)
      .text(formatPaise(paise), labelX + 150, y + 9, {
        width: 90,
        align: "right",
        baseline: "alphabetic",
      });
    y += 14;
  }
  write(doc, "Total (including GST)", labelX, y, 150, 10, true);
  doc
    .font("latinBold")
    .fontSize(10)
    .text(formatPaise(totals.totalPaise), labelX + 150, y + 10, {
      width: 90,
      align: "right",
      baseline: "alphabetic",
    });
  y += 18;
  const words = `Amount in words: ${amountInWords(totals.totalPaise)}`;
  write(doc, words, MARGIN, y, CONTENT_WIDTH);
  return y + heightOf(doc, words, CONTENT_WIDTH) + 6;
}

function notesOf(bill: IssuedBill): string[] {
  const { content } = bill;
  const notes: string[] = [];
  if (content.credits) {
    notes.push(
      content.credits.reason === "claim"
        ? `This credit note credits the goods of claim ${content.credits.claimReference ?? ""} on ${content.credits.number} dated ${formatDayIST(new Date(content.credits.issuedAt))}.`
        : `This credit note reverses ${content.credits.number} dated ${formatDayIST(new Date(content.credits.issuedAt))} in full (order ${content.credits.reason}).`,
    );
  }
  if (content.kind === "receipt") {
    notes.push("The seller is not registered under GST: no tax is charged.");
  } else if (content.kind === "bill_of_supply") {
    notes.push("Supply of goods exempt from GST: no tax is charged.");
  } else {
    notes.push("Prices include GST. Tax is not payable on reverse charge.");
  }
  const { payment } = content;
  if (payment.couponPaise > 0 && payment.couponCode) {
    notes.push(
      `Order ${content.orderReference}: ${formatPaise(payment.couponPaise)} paid with store-credit coupon ${payment.couponCode}.`,
    );
  }
  notes.push(payment.method === "online" ? "Paid online (Razorpay)." : "Paid in cash on delivery.");
  notes.push(
    `Computer-generated ${billTitles[content.kind].toLowerCase()}; no signature is required. For ${content.supplier.legalName}.`,
  );
  return notes;
}

/**
 * The PDF of an issued bill, as bytes.
 * @throws Error when a font file is missing (app/assets/fonts).
 */
export function renderBillPdf(bill: IssuedBill): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `${billTitles[bill.content.kind]} ${bill.number}`,
      Author: bill.content.supplier.legalName,
    },
    tagged: true,
    lang: "en-IN",
  });
  const done = withFonts(doc);
  const { content } = bill;
  write(doc, billTitles[content.kind], MARGIN, MARGIN, CONTENT_WIDTH, 16, true);
  let y = MARGIN + 24;
  write(doc, `No. ${bill.number}`, MARGIN, y, CONTENT_WIDTH / 2, 10, true);
  write(
    doc,
    `Date: ${formatDayIST(bill.issuedAt)}`,
    MARGIN + CONTENT_WIDTH / 2,
    y,
    CONTENT_WIDTH / 2,
    10,
  );
  y += 16;
  write(
    doc,
    `Order ${content.orderReference}, placed ${formatDayIST(new Date(content.orderPlacedAt))}`,
    MARGIN,
    y,
    CONTENT_WIDTH,
  );
  y += 20;
  y = drawParties(doc, bill, y);
  y = drawTable(doc, content, y);
  y = drawTotals(doc, content, y);
  for (const note of notesOf(bill)) {
    write(doc, note, MARGIN, y, CONTENT_WIDTH, 8);
    y += heightOf(doc, note, CONTENT_WIDTH, 8);
  }
  doc.end();
  return done;
}
