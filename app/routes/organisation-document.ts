import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { renderOrganisationDocument } from "~/features/corporate/document-pdf.server";
import { documentByToken } from "~/features/corporate/month-documents.server";
import { siteConfig } from "~/features/site/site-config";
import type { Route } from "./+types/organisation-document";

/**
 * `/organisation-documents/<token>`: an organisation's monthly statement or a site's certificate
 * of collection as a PDF (docs/corporate.md "Monthly statement and certificates"), for whoever
 * holds the e-mailed link; an attachment no cache keeps. An unknown token: 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const document = await documentByToken(await getDb(), params.token);
  if (!document) throw data("No such document.", { status: 404 });
  const pdf = await renderOrganisationDocument(
    document.content,
    document.issuedAt,
    siteConfig.brandName,
  );
  const name =
    document.kind === "statement"
      ? `statement-${document.month}.pdf`
      : `certificate-${document.month}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
