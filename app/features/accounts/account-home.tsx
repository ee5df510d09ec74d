/**
 * The signed-in part of /account (docs/accounts.md "My account"): the customer's pickups,
 * orders, coupons and payouts, each with a link to its tracking page; the saved addresses with
 * their forms; the language of their messages. Plain links and forms: everything works without
 * JavaScript. The words are the `myAccount` messages, statuses `pickup.status` and
 * `order.status`, payout methods `exchange.payoutMethod` and states `state`.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { languageLabels, languages } from "~/i18n/languages";
import { rememberCoupon } from "~/utils/remembered-details";
import type { AccountHomeView } from "./account-home.server";
import { ACCOUNT_LIST_LIMIT, MAX_ADDRESSES } from "./account-limits";

/** A section: its heading, then its rows or the line for none, and a note when some are left out. */
function Section({
  id,
  title,
  empty,
  more,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  more?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby={`${id}-title`} className="account-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {empty ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <ul className="account-list">{children}</ul>
      )}
      {more ? (
        <p className="field__hint">{t("myAccount.more", { count: ACCOUNT_LIST_LIMIT })}</p>
      ) : null}
    </section>
  );
}

function Pickups({ pickups }: Pick<AccountHomeView, "pickups">) {
  const t = useT();
  return (
    <Section
      id="account-pickups"
      title={t("myAccount.pickups.heading")}
      empty={pickups.rows.length === 0 ? t("myAccount.pickups.empty") : null}
      more={pickups.more}
    >
      {pickups.rows.map((pickup) => (
        <li key={pickup.reference}>
          <Link to={pickup.href}>{pickup.reference}</Link>{" "}
          <strong>{t(`pickup.status.${pickup.status}`)}</strong>
          <br />
          {t("myAccount.pickups.when", pickup.when)}
          <br />
          {t(pickup.estimated ? "myAccount.pickups.estimate" : "myAccount.pickups.weighed", {
            amount: pickup.amount,
          })}
        </li>
      ))}
    </Section>
  );
}

function Orders({ orders }: Pick<AccountHomeView, "orders">) {
  const t = useT();
  return (
    <Section
      id="account-orders"
      title={t("myAccount.orders.heading")}
      empty={orders.rows.length === 0 ? t("myAccount.orders.empty") : null}
      more={orders.more}
    >
      {orders.rows.map((order) => (
        <li key={order.reference}>
          <Link to={order.href}>{order.reference}</Link>{" "}
          <strong>{t(`order.status.${order.status}`)}</strong>
          <br />
          {t("myAccount.orders.placed", { date: order.placedOn })} · {order.total}
        </li>
      ))}
    </Section>
  );
}

function Coupons({ coupons }: Pick<AccountHomeView, "coupons">) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Section
      id="account-coupons"
      title={t("myAccount.coupons.heading")}
      empty={coupons.rows.length === 0 ? t("myAccount.coupons.empty") : null}
      more={coupons.more}
    >
      {coupons.rows.map((coupon) => (
        <li key={coupon.code}>
          <strong className="coupon-code">{coupon.code}</strong>{" "}
          {t(`myAccount.coupons.state.${coupon.state}`)}
          <br />
          {t("myAccount.coupons.balance", { balance: coupon.balance, value: coupon.value })}
          <br />
          {t(
            coupon.state === "expired"
              ? "myAccount.coupons.expiredOn"
              : "myAccount.coupons.validUntil",
            {
              date: coupon.expires,
            },
          )}
          {" · "}
          {t("myAccount.coupons.fromPickup", { reference: coupon.pickupReference })}
          {coupon.state === "active" ? (
            <>
              <br />
              {/* Fills the checkout's coupon field in this browser, as 'Buy plants with it'
                  does (docs/shop.md); without JavaScript checkout lists the coupons held. */}
              <Link to={to("/checkout")} onClick={() => rememberCoupon(coupon.code)}>
                {t("myAccount.coupons.use")}
              </Link>
            </>
          ) : null}
        </li>
      ))}
    </Section>
  );
}

function Payouts({ payouts }: Pick<AccountHomeView, "payouts">) {
  const t = useT();
  return (
    <Section
      id="account-payouts"
      title={t("myAccount.payouts.heading")}
      empty={payouts.rows.length === 0 ? t("myAccount.payouts.empty") : null}
      more={payouts.more}
    >
      {payouts.rows.map((payout) => (
        <li key={payout.pickupReference}>
          {t("myAccount.payouts.line", {
            amount: payout.amount,
            reference: payout.pickupReference,
            date: payout.paidOn,
            method: t(`exchange.payoutMethod.${payout.method}`),
          })}
        </li>
      ))}
    </Section>
  );
}

function Addresses({ addresses }: Pick<AccountHomeView, "addresses">) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Section
      id="account-addresses"
      title={t("myAccount.addresses.heading")}
      empty={addresses.length === 0 ? t("myAccount.addresses.empty") : null}
    >
      {addresses.map((address) => (
        <li key={address.id}>
          <strong>{t(`myAccount.address.label.${address.label}`)}</strong>
          {address.isDefault ? ` · ${t("myAccount.addresses.default")}` : null}
          <br />
          {address.lines.join(", ")}, {t(address.stateId)}
          <Form
            method="post"
            action={to(`/account/addresses/${address.id}`)}
            className="cart-actions"
          >
            <Link to={to(`/account/addresses/${address.id}`)}>{t("myAccount.addresses.edit")}</Link>
            {address.isDefault ? null : (
              <button type="submit" name="intent" value="makeDefault" className="link-button">
                {t("myAccount.addresses.makeDefault")}
              </button>
            )}
            <button type="submit" name="intent" value="delete" className="link-button">
              {t("myAccount.addresses.delete")}
            </button>
          </Form>
        </li>
      ))}
    </Section>
  );
}

/** The language of the customer's messages: three choices, each in its own language. */
function LanguageChoice({ language }: Pick<AccountHomeView, "language">) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Form method="post" action={to("/account/language")} className="form account-section">
      <fieldset className="form__group">
        <legend>{t("myAccount.language.legend")}</legend>
        <p className="field__hint">{t("myAccount.language.hint")}</p>
        <div className="choice-row">
          {languages.map((lang) => (
            <label key={lang} className="choice" lang={lang}>
              <input type="radio" name="language" value={lang} defaultChecked={language === lang} />
              {languageLabels[lang]}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button button--secondary">
        {t("myAccount.language.save")}
      </button>
    </Form>
  );
}

/**
 * Everything below the "Signed in as" header of /account, from `loadAccountHome`; `notice` is
 * what the last change did ("Address saved."), in the page's language.
 */
export function AccountHome({ view, notice }: { view: AccountHomeView; notice?: string | null }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <>
      {notice ? (
        <p className="success-message" role="status">
          {notice}
        </p>
      ) : null}
      <Pickups pickups={view.pickups} />
      <Orders orders={view.orders} />
      <Coupons coupons={view.coupons} />
      <Payouts payouts={view.payouts} />
      <Addresses addresses={view.addresses} />
      <p>
        {view.addresses.length < MAX_ADDRESSES ? (
          <Link to={to("/account/addresses/new")} className="button button--secondary">
            {t("myAccount.addresses.add")}
          </Link>
        ) : (
          t("myAccount.addresses.limit", { max: MAX_ADDRESSES })
        )}
      </p>
      <LanguageChoice language={view.language} />
    </>
  );
}
