/**
 * The exchange on the customer's tracking page (docs/exchange.md "The customer confirms",
 * "Rewards"): the collector's visit and the handover code, the weigh sheet with 'Confirm' and
 * 'Dispute' (real forms that work without JavaScript), the reward, earlier versions. Data comes
 * from `presentExchange` (exchange-view.server.ts), already formatted for people; words from the
 * `exchange` messages in the page's language.
 */
import { Form, Link, useNavigation } from "react-router";
import { TextareaField } from "~/components/ui/field";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import { rememberCoupon } from "~/utils/remembered-details";
import type { presentExchange } from "./exchange-view.server";
import type { CollectorContact } from "./tracking-progress.server";

type Exchange = ReturnType<typeof presentExchange>;
type SheetView = NonNullable<Exchange["sheet"]>;
type Reward = NonNullable<Exchange["reward"]>;
type RewardKind = "plants" | "coupon" | "money";

/**
 * The collector's first name and, when their account has a phone, a `tel:` link; given only
 * from 'On my way' until the collection (`presentCollector`).
 */
function CollectorLine({ collector }: { collector: CollectorContact }) {
  const t = useT();
  return (
    <>
      <p>{t("exchange.visit.collectorComing", { name: collector.firstName })}</p>
      {collector.telHref && collector.phone ? (
        <p>
          <a className="collector-call" href={collector.telHref}>
            {t("exchange.visit.call", { name: collector.firstName, phone: collector.phone })}
          </a>
        </p>
      ) : null}
    </>
  );
}

/**
 * 'On my way' and 'Arrived' times, the collector's first name and call link while they are
 * coming, and the handover code while the customer may need it.
 */
export function VisitStatus({
  visit,
  collector,
}: {
  visit: Exchange["visit"];
  collector: CollectorContact | null;
}) {
  const t = useT();
  if (!visit.onTheWayAt && !visit.arrivedAt) return null;
  return (
    <section aria-labelledby="visit-title">
      <h2 id="visit-title">{t("exchange.visit.heading")}</h2>
      {collector ? <CollectorLine collector={collector} /> : null}
      <dl className="exchange-facts">
        {visit.onTheWayAt ? (
          <>
            <dt>{t("exchange.visit.onTheWay")}</dt>
            <dd>{visit.onTheWayAt}</dd>
          </>
        ) : null}
        {visit.arrivedAt ? (
          <>
            <dt>{t("exchange.visit.arrived")}</dt>
            <dd>{visit.arrivedAt}</dd>
          </>
        ) : null}
      </dl>
      {visit.handoverCode ? (
        <p className="handover-code">
          {visit.handoverFor ? (
            <Trans
              id="exchange.visit.handoverCodeFor"
              values={{ code: visit.handoverCode, ...visit.handoverFor }}
              components={{ 0: <strong /> }}
            />
          ) : (
            <Trans
              id="exchange.visit.handoverCode"
              values={{ code: visit.handoverCode }}
              components={{ 0: <strong /> }}
            />
          )}
        </p>
      ) : null}
      {visit.handoverLocked ? <p>{t("exchange.visit.locked")}</p> : null}
    </section>
  );
}

/**
 * The sheet's lines, the pickup charge, then what the scrap is worth: 'Payout' for a money
 * reward, 'Value of your scrap' for a coupon or plants (nothing is paid out), with the bonus
 * and the reward's value.
 */
function SheetTable({ sheet, reward }: { sheet: SheetView; reward: RewardKind }) {
  const t = useT();
  return (
    <table className="order-lines compact-lines sheet-lines">
      <thead>
        <tr>
          <th scope="col">{t("exchange.sheet.material")}</th>
          <th scope="col">{t("exchange.sheet.weighedKg")}</th>
          <th scope="col">{t("exchange.sheet.ratePerKg")}</th>
          <th scope="col">{t("exchange.sheet.amount")}</th>
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
              {t("exchange.sheet.pickupCharge")}
            </th>
            <td>−{sheet.pickupCharge}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row" colSpan={3}>
            {reward === "money"
              ? t("exchange.sheet.payout", { kg: sheet.totalKg })
              : t("exchange.sheet.scrapValue", { kg: sheet.totalKg })}
          </th>
          <td>{sheet.payout}</td>
        </tr>
        {reward === "money" ? null : (
          <>
            <tr>
              <th scope="row" colSpan={3}>
                {t("exchange.sheet.bonus", { percent: sheet.bonusPercent })}
              </th>
              <td>{sheet.bonus}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                {reward === "coupon"
                  ? t("exchange.sheet.couponValue")
                  : t("exchange.sheet.plantValue")}
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
  const t = useT();
  return (
    <div className="decision-forms">
      <Form method="post">
        <input type="hidden" name="version" value={version} />
        <p>{t("exchange.decision.confirmHint")}</p>
        <button type="submit" name="intent" value="confirm" className="button" disabled={busy}>
          {t("exchange.decision.confirm")}
        </button>
      </Form>
      <Form method="post" className="form">
        <input type="hidden" name="version" value={version} />
        <TextareaField
          id="reason"
          name="reason"
          label={t("exchange.decision.reason")}
          hint={t("exchange.decision.reasonHint")}
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
          {t("exchange.decision.dispute")}
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
  const t = useT();
  const sheet = exchange.sheet;
  if (!sheet) return null;
  return (
    <section aria-labelledby="sheet-title">
      <h2 id="sheet-title">
        {t(sheet.version > 1 ? "exchange.sheet.headingCorrected" : "exchange.sheet.heading")}
      </h2>
      <p>
        {t("exchange.sheet.saved", {
          savedAt: sheet.savedAt,
          status: t(
            sheet.awaitingApproval
              ? "exchange.sheetStatus.awaitingApproval"
              : `exchange.sheetStatus.${sheet.status}`,
          ),
        })}
      </p>
      <SheetTable sheet={sheet} reward={reward} />
      {sheet.plants.length > 0 ? (
        <>
          <h3>{t("exchange.sheet.plantsPicked")}</h3>
          <PlantList plants={sheet.plants} />
        </>
      ) : null}
      {sheet.status === "disputed" ? (
        <p className="form-error">
          {t("exchange.sheet.disputed", { reason: withFullStop(sheet.disputeReason ?? "") })}
        </p>
      ) : null}
      {sheet.status === "closed" ? (
        <p>
          {sheet.resolutionNote
            ? t("exchange.sheet.closedWithNote", { note: sheet.resolutionNote })
            : t("exchange.sheet.closed")}
        </p>
      ) : null}
      {sheet.awaitingApproval ? <p role="status">{t("exchange.sheet.awaitingApproval")}</p> : null}
      {exchange.canDecide ? (
        <DecisionForms version={sheet.version} reasonError={reasonError} />
      ) : null}
    </section>
  );
}

/** The issued reward: the coupon, the plants handed over, or the payout and whether it is paid. */
export function RewardSection({ reward }: { reward: Reward | null }) {
  const t = useT();
  const to = useLocalePath();
  if (!reward) return null;
  return (
    <section aria-labelledby="reward-title" className="success-message">
      <h2 id="reward-title">{t("exchange.reward.heading")}</h2>
      {reward.kind === "coupon" ? (
        <>
          <p>
            <Trans
              id="exchange.reward.couponCode"
              values={{ code: reward.code }}
              components={{ 0: <strong className="coupon-code" /> }}
            />
          </p>
          <p>
            {t(reward.expired ? "exchange.reward.couponExpired" : "exchange.reward.couponValid", {
              value: reward.value,
              balance: reward.balance,
              expires: reward.expires,
            })}
          </p>
          <p>
            <Trans
              id="exchange.reward.buyPlants"
              components={{
                // The code fills the checkout's coupon field in this browser (docs/shop.md).
                0: <Link to={to("/plant")} onClick={() => rememberCoupon(reward.code)} />,
              }}
            />
          </p>
        </>
      ) : null}
      {reward.kind === "plants" ? (
        <>
          <p>{t("exchange.reward.plantsHandedOver")}</p>
          <PlantList plants={reward.plants} />
        </>
      ) : null}
      {reward.kind === "money" ? (
        <p>
          {reward.paid
            ? t("exchange.reward.paid", {
                amount: reward.amount,
                method: t(`exchange.payoutMethod.${reward.paid.methodKey}`),
                date: reward.paid.on,
              })
            : t("exchange.reward.waiting", { amount: reward.amount })}
        </p>
      ) : null}
    </section>
  );
}

/** Earlier weigh sheets (versions), newest first, with what became of each; no numbers. */
export function EarlierVersions({ sheets }: { sheets: Exchange["earlierSheets"] }) {
  const t = useT();
  if (sheets.length === 0) return null;
  return (
    <section aria-labelledby="earlier-title">
      <h2 id="earlier-title">{t("exchange.earlier.heading")}</h2>
      <ul>
        {sheets.map((sheet) => {
          const values = {
            savedAt: sheet.savedAt,
            kg: sheet.totalKg,
            payout: sheet.payout,
            status: t(`exchange.sheetStatus.${sheet.status}`),
            reason: sheet.disputeReason,
          };
          return (
            <li key={sheet.version}>
              {sheet.disputeReason
                ? t("exchange.earlier.itemDisputed", values)
                : t("exchange.earlier.item", values)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
