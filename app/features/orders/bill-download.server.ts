/**
 * A bill as an HTTP answer (docs/tax.md "Issuing"): the PDF, named after its number
 * (`IBS-26-27-00001.pdf`), as an attachment that no cache keeps (a bill holds the buyer's name
 * and address).
 */
import { type IssuedBill, renderBillPdf } from "./bill-pdf.server";

/** The PDF of `bill` as a download. */
export async function billResponse(bill: IssuedBill): Promise<Response> {
  const pdf = await renderBillPdf(bill);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${bill.number.replaceAll("/", "-")}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
