/**
 * A claim as the customer sees it on the order's tracking page (docs/claims.md "What the
 * customer sees"): one sentence in the page's language for where it stands (open, replacement
 * sent, refunded or to be paid back, coupon given, rejected), staff's note, the photos sent
 * (served by the order's token) and the replacement order's tracking link. Written on the
 * server, so the page's JavaScript carries no claim words.
 */
import type { Database } from "~/db/client.server";
import { refusalText } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { formatLongDayIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { message } from "~/utils/refusal";
import { claimsOfOrder } from "./claims-admin.server";

/** One claim on the tracking page: site-relative links without the language prefix. */
export interface ClaimNotice {
  reference: string;
  text: string;
  note: string | null;
  photos: { href: string; label: string }[];
  replacementHref: string | null;
}

type ClaimRow = Awaited<ReturnType<typeof claimsOfOrder>>[number];

function statusText(row: ClaimRow, lang: Lang): string {
  const say = (id: string, values: Record<string, string> = {}) =>
    refusalText(lang, message(`order.claims.${id}`, { reference: row.reference, ...values }));
  const amount = formatPaise(row.refundPaise ?? row.couponPaise ?? 0);
  switch (row.status) {
    case "open":
      return say("open");
    case "replaced":
      return say("replaced", { order: row.replacementReference ?? "" });
    case "refunded":
      if (row.refundStatus === "to_pay") return say("toPay", { amount });
      if (row.refundStatus === "paid") return say("paidBack", { amount });
      return say("refunded", { amount });
    case "credited":
      return say("credited", {
        amount,
        code: row.couponCode ?? "",
        date: row.couponExpiresAt ? formatLongDayIST(row.couponExpiresAt, lang) : "",
      });
    case "rejected":
      return say("rejected");
  }
}

/** The claims of order `order` (with its tracking token), as the page in `lang` shows them. */
export async function claimNoticesOf(
  db: Database,
  order: { id: number; trackingToken: string },
  lang: Lang,
): Promise<ClaimNotice[]> {
  const rows = await claimsOfOrder(db, order.id);
  return rows.map((row) => ({
    reference: row.reference,
    text: statusText(row, lang),
    note: row.decisionNote
      ? refusalText(lang, message("order.claims.note", { note: row.decisionNote }))
      : null,
    photos: row.photoIds.map((id, index) => ({
      href: `/orders/${order.trackingToken}/claim-photos/${id}`,
      label: refusalText(lang, message("order.claims.photo", { number: String(index + 1) })),
    })),
    replacementHref: row.replacementToken ? `/orders/${row.replacementToken}` : null,
  }));
}
