/**
 * An organisation's monthly documents as PDFs (docs/corporate.md "Monthly statement and
 * certificates"; pdfkit as for bills, ADR 0043): A4, in English, drawn from the content kept
 * when they were issued, so the same document prints the same every time. Kilograms to three
 * decimals at most, money in rupees (en-IN grouping).
 * - The statement: the organisation, the month, each collected pickup (day, site, reference,
 *   kilograms, value of the reward, paid), kilograms and value by material, totals.
 * - The certificate of collection: the organisation and site, the month, the number of pickups,
 *   and per material stream the kilograms and the registered recycler it went to with that
 *   recycler's registration number (E-Waste (Management) Rules 2022; Solid Waste Management
 *   Rules 2026 for bulk waste generators). The shop certifies collection, not recycling.
 */
import PDFDocument from "pdfkit";
import type { OrganisationDocumentContent } from "~/db/schema/organisations";
import { formatDayIST, formatMonth } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { CONTENT_WIDTH, type Doc, MARGIN, withFonts, write } from "~/utils/pdf-text.server";
import { formatKg } from "~/utils/units";

type Row = readonly string[];

/** A table: a bold header row, then rows; columns' widths as fractions of the page's. */
function table(doc: Doc, top: number, widths: readonly number[], header: Row, rows: Row[]): number {
  let y = top;
  const draw = (cells: Row, bold: boolean) => {
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const width = (widths[index] ?? 0) * CONTENT_WIDTH;
      write(doc, cell, x, y, width - 4, 9, bold);
      x += width;
    });
    y += 16;
    if (y > 780) {
      doc.addPage();
      y = MARGIN;
    }
  };
  draw(header, true);
  for (const row of rows) draw(row, false);
  return y + 8;
}

function drawStatement(
  doc: Doc,
  content: Extract<OrganisationDocumentContent, { kind: "statement" }>,
  shop: string,
) {
  write(doc, "Monthly statement of scrap pickups", MARGIN, MARGIN, CONTENT_WIDTH, 16, true);
  let y = MARGIN + 28;
  write(doc, `Organisation: ${content.organisation}`, MARGIN, y, CONTENT_WIDTH, 10, true);
  y += 16;
  write(doc, `Month: ${formatMonth(content.month)}`, MARGIN, y, CONTENT_WIDTH, 10);
  y += 16;
  write(
    doc,
    `Reward: ${content.reward === "money" ? "money to the organisation" : "coupons for its members"}`,
    MARGIN,
    y,
    CONTENT_WIDTH,
    10,
  );
  y += 26;
  y = table(
    doc,
    y,
    [0.14, 0.2, 0.18, 0.16, 0.16, 0.16],
    ["Day", "Site", "Pickup", "Weight", "Value", "Paid"],
    content.pickups.map((pickup) => [
      pickup.day,
      pickup.site,
      pickup.reference,
      formatKg(pickup.grams),
      formatPaise(pickup.valuePaise),
      formatPaise(pickup.paidPaise),
    ]),
  );
  write(doc, "By material", MARGIN, y, CONTENT_WIDTH, 11, true);
  y = table(
    doc,
    y + 18,
    [0.5, 0.25, 0.25],
    ["Material", "Weight", "Value at the rate list"],
    content.byMaterial.map((row) => [row.name, formatKg(row.grams), formatPaise(row.valuePaise)]),
  );
  write(doc, `Total weight: ${formatKg(content.totalGrams)}`, MARGIN, y, CONTENT_WIDTH, 10, true);
  write(
    doc,
    `Total value: ${formatPaise(content.totalValuePaise)}`,
    MARGIN,
    y + 16,
    CONTENT_WIDTH,
    10,
    true,
  );
  write(
    doc,
    `Paid in the month's payouts: ${formatPaise(content.totalPaidPaise)}`,
    MARGIN,
    y + 32,
    CONTENT_WIDTH,
    10,
  );
  write(doc, `Computer-generated statement from ${shop}.`, MARGIN, y + 60, CONTENT_WIDTH, 8);
}

function drawCertificate(
  doc: Doc,
  content: Extract<OrganisationDocumentContent, { kind: "certificate" }>,
  shop: string,
) {
  write(doc, "Certificate of collection", MARGIN, MARGIN, CONTENT_WIDTH, 16, true);
  let y = MARGIN + 28;
  write(doc, `Organisation: ${content.organisation}`, MARGIN, y, CONTENT_WIDTH, 10, true);
  y += 16;
  write(doc, `Site: ${content.site}, ${content.address}`, MARGIN, y, CONTENT_WIDTH, 10);
  y += 16;
  write(
    doc,
    `Month: ${formatMonth(content.month)} (${content.pickups} pickups)`,
    MARGIN,
    y,
    CONTENT_WIDTH,
    10,
  );
  y += 26;
  write(
    doc,
    `${shop} certifies that it collected from this site the scrap below, weighed on the day of each pickup and confirmed, and handed each stream to the registered recycler named.`,
    MARGIN,
    y,
    CONTENT_WIDTH,
    9,
  );
  y += 34;
  y = table(
    doc,
    y,
    [0.2, 0.16, 0.34, 0.3],
    ["Stream", "Weight", "Recycler", "Registration no."],
    content.streams.map((stream) => [
      stream.stream,
      formatKg(stream.grams),
      stream.recycler,
      stream.registration,
    ]),
  );
  write(
    doc,
    `Total collected: ${formatKg(content.totalGrams)}`,
    MARGIN,
    y,
    CONTENT_WIDTH,
    10,
    true,
  );
  write(
    doc,
    "Registration numbers are the recyclers' own, as they gave them. Computer-generated certificate; no signature is required.",
    MARGIN,
    y + 28,
    CONTENT_WIDTH,
    8,
  );
}

/**
 * The PDF of an issued document, as bytes.
 * @param shop the shop's name as printed (SHOP_NAME / shop settings).
 * @throws Error when a font file is missing (app/assets/fonts).
 */
export function renderOrganisationDocument(
  content: OrganisationDocumentContent,
  issuedAt: Date,
  shop: string,
): Promise<Buffer> {
  const title =
    content.kind === "statement"
      ? `Statement ${content.organisation} ${content.month}`
      : `Certificate of collection ${content.organisation} ${content.site} ${content.month}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: title, Author: shop },
    tagged: true,
    lang: "en-IN",
  });
  const done = withFonts(doc);
  if (content.kind === "statement") drawStatement(doc, content, shop);
  else drawCertificate(doc, content, shop);
  write(doc, `Issued ${formatDayIST(issuedAt)}`, MARGIN, 800, CONTENT_WIDTH, 8);
  doc.end();
  return done;
}
