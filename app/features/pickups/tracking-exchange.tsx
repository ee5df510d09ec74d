/**
 * The exchange on the customer's tracking page (docs/exchange.md "The customer confirms",
 * "Rewards"): the collector's visit and the handover code, the weigh sheet with 'Confirm' and
 * 'Dispute' (real forms that work without JavaScript), the reward, earlier versions. Data comes
 * from `presentExchange` (exchange-view.server.ts), already formatted for people.
 */
import { Form, Link, useNavigation } from "react-router";
import { TextareaField } from "~/components/ui/field";
import type { presentExchange } from "./exchange-view.server";

type Exchange = ReturnType<typeof presentExchange>;
type SheetView = NonNullable<Exchange["sheet"]>;
type Reward = NonNullable<Exchange["reward"]>;
type RewardKind = "plants" | "coupon" | "money";

/** 'On my way' and 'Arrived' times, and the handover code while the customer may need it. */
export function VisitStatus({ visit }: { visit: Exchange["visit"] }) {
  if (!visit.onTheWayAt && !visit.arrivedAt) return null;
  return (
    <section aria-labelledby="visit-title">
      <h2 id="visit-title">Your collector</h2>
      <dl className="exchange-facts">
        {visit.onTheWayAt ? (
          <>
            <dt>On my way</dt>
            <dd>{visit.onTheWayAt}</dd>
          </>
        ) : null}
        {visit.arrivedAt ? (
          <>
            <dt>Arrived</dt>
            <dd>{visit.arrivedAt}</dd>
          </>
        ) : null}
      </dl>
      {visit.handoverCode ? (
        <p className="handover-code">
          Handover code: <strong>{visit.handoverCode}</strong> — tell it to the collector only when
          you agree with the weigh sheet.
        </p>
      ) : null}
      {visit.handoverLocked ? (
        <p>
          The handover code is locked after 5 wrong tries. Please confirm the weigh sheet on this
          page.
        </p>
      ) : null}
    </section>
  );
}

/** The sheet's lines, the pickup charge, the payout, and for coupon or plants the bonus. */
function SheetTable({ sheet, reward }: { sheet: SheetView; reward: RewardKind }) {
  return (
    <table className="order-lines compact-lines sheet-lines">
      <thead>
        <tr>
          <th scope="col">Material</th>
          <th scope="col">Weighed kg</th>
          <th scope="col">Rate per kg</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {sheet.lines.map((line) => (
          <tr key={line.material}>
            <th scope="row">{line.material}</th>
            <td>{line.kg}</td>
            <td>{line.rate}</td>
            <td>{line.amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {sheet.pickupCharge ? (
          <tr>
            <th scope="row" colSpan={3}>
              Pickup charge (below the minimum weight)
            </th>
            <td>−{sheet.pickupCharge}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row" colSpan={3}>
            Payout ({sheet.totalKg} kg)
          </th>
          <td>{sheet.payout}</td>
        </tr>
        {reward === "money" ? null : (
          <>
            <tr>
              <th scope="row" colSpan={3}>
                Bonus ({sheet.bonusPercent}%)
              </th>
              <td>{sheet.bonus}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                {reward === "coupon" ? "Coupon value" : "Plant reward value"}
              </th>
              <td>{sheet.rewardValue}</td>
            </tr>
          </>
        )}
      </tfoot>
    </table>
  );
}

function PlantList({ plants }: { plants: SheetView["plants"] }) {
  return (
    <ul>
      {plants.map((plant) => (
        <li key={plant.name}>
          {plant.name} × {plant.quantity}
        </li>
      ))}
    </ul>
  );
}

/** 'Confirm' and 'Dispute' (with its required reason) for the sheet version shown. */
function DecisionForms({ version, reasonError }: { version: number; reasonError?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="decision-forms">
      <Form method="post">
        <input type="hidden" name="version" value={version} />
        <p>Agree with the weights and amounts? Confirm, and your reward is issued at once.</p>
        <button type="submit" name="intent" value="confirm" className="button" disabled={busy}>
          Confirm
        </button>
      </Form>
      <Form method="post" className="form">
        <input type="hidden" name="version" value={version} />
        <TextareaField
          id="reason"
          name="reason"
          label="Reason"
          hint="What is wrong with the weigh sheet? We will call you."
          required
          minLength={3}
          maxLength={500}
          rows={3}
          error={reasonError}
        />
        <button
          type="submit"
          name="intent"
          value="dispute"
          className="button button--secondary"
          disabled={busy}
        >
          Dispute
        </button>
      </Form>
    </div>
  );
}

/** The text ending with a full stop (a reason typed with one keeps just one). */
function withFullStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The current weigh sheet: lines, plants picked, and the decision or its outcome. */
export function WeighSheetSection({
  exchange,
  reward,
  reasonError,
}: {
  exchange: Exchange;
  reward: RewardKind;
  reasonError?: string;
}) {
  const sheet = exchange.sheet;
  if (!sheet) return null;
  return (
    <section aria-labelledby="sheet-title">
      <h2 id="sheet-title">Weigh sheet (version {sheet.version})</h2>
      <p>
        Saved {sheet.savedAt}: {sheet.statusLabel}.
      </p>
      <SheetTable sheet={sheet} reward={reward} />
      {sheet.plants.length > 0 ? (
        <>
          <h3>Plants picked for you</h3>
          <PlantList plants={sheet.plants} />
        </>
      ) : null}
      {sheet.status === "disputed" ? (
        <p className="form-error">
          You disputed this weigh sheet: {withFullStop(sheet.disputeReason ?? "")} We will call you.
        </p>
      ) : null}
      {sheet.status === "closed" ? (
        <p>
          Our staff closed this exchange without a reward
          {sheet.resolutionNote ? `: ${sheet.resolutionNote}` : ""}.
        </p>
      ) : null}
      {exchange.canDecide ? (
        <DecisionForms version={sheet.version} reasonError={reasonError} />
      ) : null}
    </section>
  );
}

/** The issued reward: the coupon, the plants handed over, or the payout and whether it is paid. */
export function RewardSection({ reward }: { reward: Reward | null }) {
  if (!reward) return null;
  return (
    <section aria-labelledby="reward-title" className="success-message">
      <h2 id="reward-title">Your reward</h2>
      {reward.kind === "coupon" ? (
        <>
          <p>
            Coupon code: <strong className="coupon-code">{reward.code}</strong>
          </p>
          <p>
            Value {reward.value}, balance {reward.balance},{" "}
            {reward.expired ? `expired on ${reward.expires}` : `valid until ${reward.expires}`}.
          </p>
          <p>
            <Link to="/plant">Buy plants with it</Link> (type the code at checkout).
          </p>
        </>
      ) : null}
      {reward.kind === "plants" ? (
        <>
          <p>Plants handed over:</p>
          <PlantList plants={reward.plants} />
        </>
      ) : null}
      {reward.kind === "money" ? (
        <p>
          {reward.paid
            ? `Paid ${reward.amount} by ${reward.paid.method} on ${reward.paid.on}.`
            : `Your payout of ${reward.amount} is waiting for payment: we pay by UPI, cash or bank transfer, and this page shows it once paid.`}
        </p>
      ) : null}
    </section>
  );
}

/** Earlier versions of the sheet, newest first, with what became of each. */
export function EarlierVersions({ sheets }: { sheets: Exchange["earlierSheets"] }) {
  if (sheets.length === 0) return null;
  return (
    <section aria-labelledby="earlier-title">
      <h2 id="earlier-title">Earlier versions</h2>
      <ul>
        {sheets.map((sheet) => (
          <li key={sheet.version}>
            Version {sheet.version}, saved {sheet.savedAt}: {sheet.totalKg} kg, payout{" "}
            {sheet.payout}; {sheet.statusLabel}
            {sheet.disputeReason ? ` (you disputed it: ${sheet.disputeReason})` : ""}.
          </li>
        ))}
      </ul>
    </section>
  );
}
