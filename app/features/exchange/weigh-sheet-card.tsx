/**
 * One saved weigh sheet version for staff and collectors (docs/exchange.md "The weigh sheet"):
 * its status, the lines with weight, rate of the day and amount, the pickup charge as its own
 * line, the payout and the reward's value, the plants, who saved it and when (Asia/Kolkata),
 * and the dispute reason or staff's note.
 */
import { TableScroll } from "~/components/dashboard/data-table";
import type { WeighSheetStatus } from "~/db/schema/exchange";
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
  return (
    <TableScroll label={`Lines of version ${sheet.version}`}>
      <table className="dash-table weigh-sheet__table">
        <thead>
          <tr>
            <th scope="col">Material</th>
            <th scope="col" className="num">
              Weighed
            </th>
            <th scope="col" className="num">
              Rate/kg
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {sheet.lines.map((line) => (
            <tr key={line.materialId}>
              <th scope="row">{line.materialName}</th>
              <td className="num">{formatKg(line.grams)}</td>
              <td className="num">{formatPaise(line.ratePaisePerKg)}</td>
              <td className="num">{formatPaise(line.amountPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {sheet.pickupChargePaise > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                Pickup charge (under the minimum weight)
              </th>
              <td className="num">−{formatPaise(sheet.pickupChargePaise)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              Payout ({formatKg(sheet.totalGrams)})
            </th>
            <td className="num">{formatPaise(sheet.payoutPaise)}</td>
          </tr>
          {sheet.rewardValuePaise !== sheet.payoutPaise || sheet.bonusPercent > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                Reward value (with {sheet.bonusPercent}% bonus)
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
  return (
    <article className="weigh-sheet" aria-labelledby={`weigh-sheet-${sheet.id}`}>
      <Heading id={`weigh-sheet-${sheet.id}`}>
        Weigh sheet version {sheet.version}:{" "}
        {sheet.status === "pending" && awaitsApproval(sheet)
          ? AWAITING_APPROVAL
          : weighSheetStatusLabels[sheet.status]}
      </Heading>
      <p>
        Saved by {sheet.createdByName}, {formatDateTimeIST(sheet.createdAt)}
        {sheet.approvedAt
          ? `; approved by ${sheet.approvedByName ?? "an admin"} ${formatDateTimeIST(sheet.approvedAt)}`
          : ""}
        {sheet.decidedAt ? `; decided ${formatDateTimeIST(sheet.decidedAt)}` : ""}
      </p>
      <SheetLines sheet={sheet} />
      {sheet.plants.length > 0 ? (
        <>
          <p>Plants for the reward:</p>
          <ul>
            {sheet.plants.map((plant) => (
              <li key={plant.productId}>
                {plant.quantity} × {plant.name} ({formatPaise(plant.lineTotalPaise)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {sheet.disputeReason ? <p>Dispute reason: {sheet.disputeReason}</p> : null}
      {sheet.resolutionNote ? <p>Note: {sheet.resolutionNote}</p> : null}
    </article>
  );
}
