/**
 * One saved weigh sheet version for staff and collectors (docs/exchange.md "The weigh sheet"):
 * its status, the lines with weight, rate of the day and amount, the pickup charge as its own
 * line, the payout and the reward's value, the plants, who saved it and when (Asia/Kolkata),
 * and the dispute reason or staff's note.
 */
import { TableScroll } from "~/components/dashboard/data-table";
import type { WeighSheetStatus } from "~/db/schema/exchange";
import { useContentLang, useT } from "~/i18n/i18n-react";
import { formatDateTimeIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { formatKg } from "~/utils/units";
import { awaitsApproval } from "./approval";
import type { WeighSheetView } from "./weigh-sheet-view.server";

export const weighSheetStatusLabels: Record<WeighSheetStatus, string> = {
  pending: "Waiting for the customer to confirm",
  confirmed: "Confirmed by the customer",
  disputed: "Disputed by the customer",
  superseded: "Replaced by a newer version",
  closed: "Dispute closed",
};

/** The status of a pending sheet above WEIGH_SHEET_APPROVAL_ABOVE_PAISE until an admin approves. */
export const AWAITING_APPROVAL = "Waiting for an admin's approval";

function SheetLines({ sheet }: { sheet: WeighSheetView }) {
  const t = useT();
  const lang = useContentLang();
  return (
    <TableScroll label={t("collector.sheet.lines", { version: sheet.version })}>
      <table className="dash-table weigh-sheet__table">
        <thead>
          <tr>
            <th scope="col">{t("collector.weigh.material")}</th>
            <th scope="col" className="num">
              {t("collector.sheet.weighed")}
            </th>
            <th scope="col" className="num">
              {t("collector.sheet.ratePerKg")}
            </th>
            <th scope="col" className="num">
              {t("collector.sheet.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {sheet.lines.map((line) => (
            <tr key={line.materialId}>
              <th scope="row">{line.materialName}</th>
              <td className="num">{formatKg(line.grams, lang)}</td>
              <td className="num">{formatPaise(line.ratePaisePerKg)}</td>
              <td className="num">{formatPaise(line.amountPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {sheet.pickupChargePaise > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                {t("collector.weigh.pickupCharge")}
              </th>
              <td className="num">−{formatPaise(sheet.pickupChargePaise)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              {t("collector.sheet.payout", { kg: formatKg(sheet.totalGrams, lang) })}
            </th>
            <td className="num">{formatPaise(sheet.payoutPaise)}</td>
          </tr>
          {sheet.rewardValuePaise !== sheet.payoutPaise || sheet.bonusPercent > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                {t("collector.weigh.rewardValue", { percent: sheet.bonusPercent })}
              </th>
              <td className="num">{formatPaise(sheet.rewardValuePaise)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
    </TableScroll>
  );
}

/** A saved version; `headingLevel` 2 on the collector's page, 3 in the staff history. */
export function WeighSheetCard({
  sheet,
  headingLevel = 3,
}: {
  sheet: WeighSheetView;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const t = useT();
  const lang = useContentLang();
  const at = (date: Date) => formatDateTimeIST(date, lang);
  return (
    <article className="weigh-sheet" aria-labelledby={`weigh-sheet-${sheet.id}`}>
      <Heading id={`weigh-sheet-${sheet.id}`}>
        {t("collector.sheet.heading", {
          version: sheet.version,
          status: t(
            sheet.status === "pending" && awaitsApproval(sheet)
              ? "collector.sheet.status.awaitingApproval"
              : `collector.sheet.status.${sheet.status}`,
          ),
        })}
      </Heading>
      <p>
        {t("collector.sheet.saved", { name: sheet.createdByName, at: at(sheet.createdAt) })}
        {sheet.approvedAt
          ? t("collector.sheet.approved", {
              name: sheet.approvedByName ?? t("collector.sheet.anAdmin"),
              at: at(sheet.approvedAt),
            })
          : ""}
        {sheet.decidedAt ? t("collector.sheet.decided", { at: at(sheet.decidedAt) }) : ""}
      </p>
      <SheetLines sheet={sheet} />
      {sheet.plants.length > 0 ? (
        <>
          <p>{t("collector.sheet.plants")}</p>
          <ul>
            {sheet.plants.map((plant) => (
              <li key={plant.productId}>
                {plant.quantity} × {plant.name} ({formatPaise(plant.lineTotalPaise)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {sheet.disputeReason ? (
        <p>{t("collector.sheet.disputeReason", { reason: sheet.disputeReason })}</p>
      ) : null}
      {sheet.resolutionNote ? (
        <p>{t("collector.sheet.note", { note: sheet.resolutionNote })}</p>
      ) : null}
    </article>
  );
}
