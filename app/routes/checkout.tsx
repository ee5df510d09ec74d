import { useRef } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  redirectDocument,
  type ShouldRevalidateFunctionArgs,
  useNavigation,
} from "react-router";
import { ContactFields } from "~/components/ui/contact-fields";
import { ErrorSummary, PageTitle, summaryItems } from "~/components/ui/error-summary";
import { type FormState, fieldsOf, InputField, RadioGroupField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-messages";
import { HoneypotField, NoticeLink } from "~/components/ui/honeypot-field";
import { getDb } from "~/db/db.server";
import { spendableCoupons } from "~/features/accounts/account-data.server";
import { messageLanguageFor } from "~/features/accounts/account-language.server";
import { checkoutPrefill, type Prefill } from "~/features/accounts/account-prefill.server";
import { getCustomer } from "~/features/accounts/customer-session.server";
import { sendFirstOrderCode } from "~/features/accounts/order-code.server";
import { describeCartLines, getCart, readCartId } from "~/features/cart/cart.server";
import {
  checkDelivery,
  readDeliveryPin,
  rememberDeliveryPin,
} from "~/features/delivery/delivery-check.server";
import { DeliveryLine } from "~/features/delivery/delivery-line";
import type { DeliveryCheck } from "~/features/delivery/delivery-quote";
import {
  type CheckoutInput,
  checkoutSchema,
  couponApplySchema,
} from "~/features/orders/checkout.schema";
import { checkoutFields, checkoutLimits, paymentChoices } from "~/features/orders/checkout-fields";
import { CityStatePinFields } from "~/features/orders/city-state-pin-fields";
import { CouponDiscountLine, CouponField } from "~/features/orders/coupon-field";
import {
  assertCouponGuessesAllowed,
  type CouponPreview,
  CouponRejectedError,
  countCouponRefusal,
  couponRefusalIn,
  previewCoupon,
} from "~/features/orders/coupons.server";
import { stateMessageId } from "~/features/orders/indian-states";
import { type ChangedLine, OrderRejectedError, placeOrder } from "~/features/orders/orders.server";
import { pinCodeStateRefusal } from "~/features/orders/pin-directory.server";
import { razorpayConfig } from "~/features/payments/razorpay.server";
import { countAttempt, honeypotFilled } from "~/features/site/anti-automation.server";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import {
  fieldErrorTexts,
  langOf,
  messagesFor,
  refusalText,
  t as translate,
} from "~/i18n/i18n.server";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { type Lang, localePath } from "~/i18n/languages";
import { idempotencyKey } from "~/utils/codes.server";
import { formatLongDayIST } from "~/utils/dates";
import { textFields } from "~/utils/form-data";
import { formatPaise } from "~/utils/money";
import { message } from "~/utils/refusal";
import { rememberContact, usePrefill } from "~/utils/remembered-details";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/checkout";

export { headers } from "~/utils/route-headers";

/**
 * A signed-in customer (docs/accounts.md "My account") finds their details filled in from their
 * default address, on the server, and the coupons they hold offered beside 'Coupon code'.
 */
async function customerExtras(
  request: Request,
  lang: Lang,
  now: Date,
): Promise<{ prefill: Prefill; heldCoupons: { code: string; balance: string; date: string }[] }> {
  const db = await getDb();
  const customer = await getCustomer(request, db);
  if (!customer) return { prefill: {}, heldCoupons: [] };
  const [prefill, held] = await Promise.all([
    checkoutPrefill(db, customer.phone),
    spendableCoupons(db, customer.phone, now),
  ]);
  const heldCoupons = held.map((coupon) => ({
    code: coupon.code,
    balance: formatPaise(coupon.balancePaise),
    date: formatLongDayIST(coupon.expiresAt, lang),
  }));
  return { prefill, heldCoupons };
}

/**
 * The cart, the signed-in customer's details and coupons, and delivery to the PIN code known so
 * far (the default address's, else the one the cart's check remembered; docs/shop.md "Delivery
 * areas"), so the summary shows its charge before anything is typed.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const [cart, extras, rememberedPin] = await Promise.all([
    getCart(db, await readCartId(request), lang),
    customerExtras(request, lang, new Date()),
    readDeliveryPin(request),
  ]);
  const pinCode = extras.prefill.pinCode || rememberedPin;
  const delivery = pinCode ? await checkDelivery(db, pinCode, cart.subtotalPaise) : null;
  return {
    cart,
    ...extras,
    prefill: pinCode ? { ...extras.prefill, pinCode } : extras.prefill,
    delivery,
    idempotencyKey: idempotencyKey(),
    shownLines: describeCartLines(cart.lines),
    /** docs/payments.md: the online choice exists only when Razorpay is configured. */
    onlinePayment: razorpayConfig() !== null,
    messages: messagesFor(lang, [
      "checkout",
      "cart",
      "form",
      "state",
      "delivery",
      "errors.checkout.pinNotServed",
    ]),
  };
}

type ActionResult = {
  values: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string;
  changedLines?: ChangedLine[];
  /** The code applied with 'Apply' (docs/exchange.md "Coupons"): shown in the summary. */
  coupon?: CouponPreview;
  /**
   * Delivery to the PIN code typed, for the cart as it is now (undefined: the PIN code was not
   * well formed, the loader's stays): shown in the summary and sent back as `shownDelivery`.
   */
  delivery?: DeliveryCheck;
};

/**
 * Delivery to the typed PIN code for the cart as it is now (docs/shop.md "Delivery areas");
 * undefined when the PIN code is not well formed.
 */
async function typedDelivery(request: Request, pinCode: string | undefined) {
  const db = await getDb();
  const cart = await getCart(db, await readCartId(request));
  return (await checkDelivery(db, (pinCode ?? "").trim(), cart.subtotalPaise)) ?? undefined;
}

/**
 * 'Check delivery': the charge and days for the typed PIN code, in the summary; a PIN code no
 * area serves gets its message next to the field, with the shop's phone. Nothing is written but
 * the remembered PIN code.
 */
async function checkTypedDelivery(request: Request, values: Record<string, string>) {
  const lang = langOf(request);
  const delivery = await typedDelivery(request, values.pinCode);
  if (!delivery) {
    return data<ActionResult>(
      { values, errors: { pinCode: refusalText(lang, message("errors.form.pinCode")) } },
      { status: 400 },
    );
  }
  const headers = { "Set-Cookie": await rememberDeliveryPin(request, delivery.pinCode) };
  if (!delivery.served) {
    return data<ActionResult>(
      { values, delivery, errors: { pinCode: pinNotServedText(lang, delivery.pinCode) } },
      { status: 422, headers },
    );
  }
  return data<ActionResult>({ values, delivery }, { headers });
}

function pinNotServedText(lang: Lang, pinCode: string) {
  return refusalText(
    lang,
    message("errors.checkout.pinNotServed", { pinCode, phone: siteConfig.phoneDisplay }),
  );
}

/** The field a refused order's message belongs next to, by its id; undefined: the whole form. */
const orderRefusalField: Partial<Record<string, string>> = {
  "errors.checkout.pinNotServed": "pinCode",
  "errors.checkout.codNotInArea": "paymentMethod",
  "errors.checkout.codAboveAreaLimit": "paymentMethod",
};

/**
 * A refused coupon code as the page's answer: the message next to 'Coupon code' in the page's
 * language, 422 (or 429 with Retry-After once the client guessed too many); an unknown code
 * counts as a guess.
 */
async function couponRefusal(
  request: Request,
  error: CouponRejectedError,
  values: Record<string, string>,
  clientAddress: string,
) {
  const refusal = await countCouponRefusal(clientAddress, error);
  const lang = langOf(request);
  return data<ActionResult>(
    { values, errors: { couponCode: refusalText(lang, couponRefusalIn(lang, refusal)) } },
    {
      status: refusal.status,
      headers: refusal.retryAfterSeconds
        ? { "Retry-After": String(refusal.retryAfterSeconds) }
        : undefined,
    },
  );
}

/** 'Apply': checks the code against the cart as it is now; nothing is written. */
async function applyCoupon(
  request: Request,
  values: Record<string, string>,
  clientAddress: string,
) {
  const parsed = couponApplySchema.safeParse(values);
  const typed = parsed.success ? parsed.data.couponCode : undefined;
  if (!typed) {
    return data<ActionResult>(
      {
        values,
        errors: {
          couponCode: refusalText(langOf(request), message("errors.checkout.couponRequired")),
        },
      },
      { status: 400 },
    );
  }
  const db = await getDb();
  const cart = await getCart(db, await readCartId(request));
  try {
    await assertCouponGuessesAllowed(clientAddress);
    const coupon = await previewCoupon(db, typed, cart.subtotalPaise, new Date());
    return data<ActionResult>({ values: { ...values, couponCode: coupon.code }, coupon });
  } catch (error) {
    if (error instanceof CouponRejectedError) {
      return couponRefusal(request, error, values, clientAddress);
    }
    throw error;
  }
}

/**
 * Validates the shipping form and places the order (docs/shop.md). Online payment
 * (docs/payments.md) continues on /payment, loaded as a new document so that page's CSP, which
 * allows Razorpay's widget, applies. Anti-automation (docs/operations.md): a filled honeypot is
 * refused silently (400), a valid order over the per-address allowance answers 429 with
 * Retry-After, and `placeOrder` caps unconfirmed cash-on-delivery orders per phone (409).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (honeypotFilled(formData)) return data<ActionResult>({ values: {} }, { status: 400 });
  const fields = textFields(formData, checkoutFields);
  const { idempotencyKey: _key, shownLines: _lines, intent, heldCoupon, ...values } = fields;
  const clientAddress = context.get(clientAddressContext);
  const lang = langOf(request);
  // A held coupon's button applies it like 'Apply' with its code typed (docs/accounts.md).
  if (heldCoupon) return applyCoupon(request, { ...values, couponCode: heldCoupon }, clientAddress);
  if (intent === "apply") return applyCoupon(request, values, clientAddress);
  if (intent === "delivery") return checkTypedDelivery(request, values);
  // Delivery to the typed PIN code, for the summary of a refused form only (placeOrder prices it
  // itself): not read on the way to a placed order.
  const deliveryShown = () => typedDelivery(request, values.pinCode);
  const parsed = checkoutSchema.safeParse(fields);
  if (!parsed.success) {
    return data<ActionResult>(
      {
        values,
        delivery: await deliveryShown(),
        errors: fieldErrorTexts(lang, parsed.error.issues),
      },
      { status: 400 },
    );
  }
  // docs/shop.md "PIN code and state": a parcel must be able to reach the address.
  const pinRefusal = pinCodeStateRefusal(parsed.data.pinCode, parsed.data.state, (state) =>
    translate(lang, stateMessageId(state)),
  );
  if (pinRefusal) {
    return data<ActionResult>(
      {
        values,
        delivery: await deliveryShown(),
        errors: { pinCode: refusalText(lang, pinRefusal) },
      },
      { status: 400 },
    );
  }
  if (parsed.data.paymentMethod === "online" && !razorpayConfig()) {
    return data<ActionResult>(
      {
        values,
        errors: {
          paymentMethod: refusalText(lang, message("errors.checkout.onlineUnavailable")),
        },
      },
      { status: 400 },
    );
  }
  const cartId = await readCartId(request);
  if (!cartId) {
    return data<ActionResult>(
      { values, formError: refusalText(lang, message("errors.cart.empty")) },
      { status: 409 },
    );
  }
  return placeCheckedOrder(request, values, parsed.data, {
    cartId,
    clientAddress,
    deliveryShown,
  });
}

/**
 * Places a validated checkout form's order (docs/shop.md): the per-address allowance (429),
 * coupon guesses, then `placeOrder`; its refusals come back next to their field
 * (`orderRefusalField`) or above the form, with delivery to the typed PIN code in the summary.
 */
async function placeCheckedOrder(
  request: Request,
  values: Record<string, string>,
  checked: CheckoutInput,
  at: {
    cartId: string;
    clientAddress: string;
    deliveryShown: () => Promise<ActionResult["delivery"]>;
  },
) {
  const { cartId, clientAddress, deliveryShown } = at;
  const lang = langOf(request);
  const {
    idempotencyKey: key,
    shownLines,
    shownDelivery,
    paymentMethod,
    couponCode,
    ...shipping
  } = checked;
  const overLimit = await countAttempt("order", clientAddress);
  if (overLimit) {
    return data<ActionResult>(
      { values, formError: refusalText(lang, overLimit.refusal) },
      { status: 429, headers: overLimit.headers },
    );
  }
  try {
    if (couponCode) await assertCouponGuessesAllowed(clientAddress);
    // The language the phone's customer chose for messages, else the page's (docs/accounts.md).
    const language = await messageLanguageFor(await getDb(), shipping.phone, lang);
    const order = await placeOrder(await getDb(), {
      cartId,
      idempotencyKey: key,
      shownLines,
      shipping,
      paymentMethod,
      couponCode,
      shownDeliveryPaise: shownDelivery,
      language,
      now: new Date(),
    });
    return await nextPageOf({ ...order, phone: shipping.phone, language }, lang, clientAddress);
  } catch (error) {
    if (error instanceof OrderRejectedError) {
      // Every order refusal may name the shop's phone ({phone}); the others ignore it.
      const text = refusalText(
        lang,
        message(error.id, { ...error.values, phone: siteConfig.phoneDisplay }),
      );
      const field = orderRefusalField[error.id];
      const delivery = await deliveryShown();
      return data<ActionResult>(
        field
          ? { values, delivery, errors: { [field]: text } }
          : { values, delivery, formError: text, changedLines: error.changedLines },
        { status: error.status },
      );
    }
    if (error instanceof CouponRejectedError) {
      return couponRefusal(request, error, values, clientAddress);
    }
    throw error;
  }
}

/**
 * Where a placed order goes next: Razorpay's payment page for an online order; for a
 * cash-on-delivery order waiting for the customer's code, its page, which asks for the code sent
 * now (docs/shop.md "Confirming a cash-on-delivery order"; a replayed form sends none); else the
 * thank-you page.
 */
async function nextPageOf(
  order: Awaited<ReturnType<typeof placeOrder>> & { phone: string; language: Lang },
  lang: Lang,
  clientAddress: string,
): Promise<Response> {
  if (order.paymentMethod === "online") {
    return redirectDocument(localePath(lang, `/payment?order=${order.trackingToken}`), {
      status: 303,
    });
  }
  if (order.status === "awaiting_confirmation") {
    if (!order.replayed) {
      const { id, reference, phone, language } = order;
      await sendFirstOrderCode(await getDb(), {
        order: { id, reference, phone, language },
        clientAddress,
        now: new Date(),
      });
    }
    return redirect(localePath(lang, `/orders/${order.trackingToken}`), { status: 303 });
  }
  return redirect(localePath(lang, `/orders/${order.trackingToken}/placed`), { status: 303 });
}

/** After a refused order the cart is shown again as it is now, with a new form key. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

// The title is the page's <PageTitle> ("Error: …" after a refused order); meta has the rest.
export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(
    args,
    "checkout.meta.title",
    args.loaderData?.onlinePayment
      ? "checkout.meta.descriptionOnline"
      : "checkout.meta.description",
  ).filter((descriptor) => !("title" in descriptor));

type CheckoutData = Route.ComponentProps["loaderData"];

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const to = useLocalePath();
  const submitting = navigation.state === "submitting" && navigation.formAction === to("/checkout");
  const values = actionData?.values ?? loaderData.prefill;
  // Delivery as the summary shows it: for the PIN code last checked or typed, else the known one.
  const delivery = actionData?.delivery ?? loaderData.delivery;
  const errors = actionData?.errors ?? {};
  // What this browser typed last, and a coupon chosen on a tracking page (docs/shop.md).
  const form = useRef<HTMLFormElement>(null);
  usePrefill(form, true);

  const hasErrors = Boolean(actionData?.formError) || Object.keys(errors).length > 0;
  const title = <PageTitle title={brandedTitle(t("checkout.meta.title"))} hasErrors={hasErrors} />;
  if (cart.lines.length === 0) {
    return (
      <>
        {title}
        <EmptyCheckout formError={actionData?.formError} />
      </>
    );
  }
  return (
    <div className="page page--narrow">
      {title}
      <h1>{t("checkout.meta.title")}</h1>
      <OrderSummary
        cart={cart}
        onlinePayment={loaderData.onlinePayment}
        coupon={actionData?.coupon}
        delivery={delivery}
      />
      <CheckoutErrorSummary
        errors={errors}
        formError={
          actionData?.formError ??
          (errors.idempotencyKey || errors.shownLines
            ? (errors.idempotencyKey ?? t("checkout.formExpired"))
            : null)
        }
        changedLines={actionData?.changedLines}
      />
      <Form
        ref={form}
        method="post"
        className="form"
        noValidate
        onSubmit={(event) => rememberContact(event.currentTarget)}
      >
        <h2>{t("checkout.shipping.heading")}</h2>
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <input type="hidden" name="shownLines" value={loaderData.shownLines} />
        <input
          type="hidden"
          name="shownDelivery"
          value={delivery?.served ? String(delivery.chargePaise) : ""}
        />
        <HoneypotField />
        <ShippingFields values={values} errors={errors} busy={submitting} />
        <CouponField
          // A new field once a code is applied, so it shows the code as stored (SS-XXXX-XXXX).
          key={actionData?.coupon?.code ?? "coupon"}
          field={fieldsOf({ values, errors }, { limits: checkoutLimits })("couponCode")}
          busy={submitting}
          held={loaderData.heldCoupons}
        />
        <PaymentChoice
          onlinePayment={loaderData.onlinePayment}
          chosen={values.paymentMethod}
          error={errors.paymentMethod}
        />
        <NoticeLink purpose="orders" />
        <button type="submit" className="button button--large" disabled={submitting}>
          {t("checkout.confirm")}
        </button>
      </Form>
    </div>
  );
}

/** Nothing to check out (the cart is empty, or was emptied meanwhile: `formError`). */
function EmptyCheckout({ formError }: { formError: string | undefined }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="page page--narrow">
      <h1>{t("checkout.meta.title")}</h1>
      <FormError message={formError} />
      <p className="empty-state">{t("checkout.empty")}</p>
      <p>
        <Link to={to("/plant")} className="button">
          {t("checkout.continue")}
        </Link>
      </p>
    </div>
  );
}

/**
 * The lines and total the shopper confirms (the form sends them back as `shownLines`); with an
 * applied coupon, its discount line and the total less the discount.
 */
function OrderSummary({
  cart,
  onlinePayment,
  coupon,
  delivery,
}: Pick<CheckoutData, "cart" | "onlinePayment"> & {
  coupon?: CouponPreview;
  delivery: DeliveryCheck | null;
}) {
  const discountPaise = coupon ? Math.min(coupon.discountPaise, cart.subtotalPaise) : 0;
  const deliveryPaise = delivery?.served ? delivery.chargePaise : 0;
  const t = useT();
  const to = useLocalePath();
  return (
    <section aria-labelledby="summary-title" className="checkout-summary">
      <h2 id="summary-title">{t("checkout.summary.heading")}</h2>
      <ul>
        {cart.lines.map((line) => (
          <li key={line.productId}>
            <span>
              {line.name}
              {line.size ? ` ${line.size}` : ""} × {line.quantity}
            </span>
            <span>{formatPaise(line.lineTotalPaise)}</span>
          </li>
        ))}
      </ul>
      {coupon ? <CouponDiscountLine code={coupon.code} discountPaise={discountPaise} /> : null}
      <DeliveryLine check={delivery} />
      <p className="cart-total">
        <span>
          {onlinePayment ? t("checkout.summary.total") : t("checkout.summary.totalAtDelivery")}
        </span>{" "}
        <strong>{formatPaise(cart.subtotalPaise - discountPaise + deliveryPaise)}</strong>
      </p>
      {delivery && !delivery.served ? (
        <p className="checkout-summary__note delivery-answer--refused">
          {t("errors.checkout.pinNotServed", {
            pinCode: delivery.pinCode,
            phone: siteConfig.phoneDisplay,
          })}
        </p>
      ) : null}
      {delivery?.served ? (
        <p className="checkout-summary__note">
          {t("delivery.answer.where", {
            pinCode: delivery.pinCode,
            area: delivery.areaName,
            minDays: delivery.minDays,
            maxDays: delivery.maxDays,
          })}
        </p>
      ) : null}
      <p>
        <Link to={to("/cart")}>{t("checkout.summary.changeCart")}</Link>
      </p>
    </section>
  );
}

/** Why the order was not placed, with the lines that changed since the page was shown. */
/**
 * A refused checkout's summary (components/ui/error-summary.tsx): the refusal of the whole
 * order first (with the cart lines that changed meanwhile), then each field in the form's order.
 */
function CheckoutErrorSummary({
  errors,
  formError,
  changedLines,
}: {
  errors: Partial<Record<string, string>>;
  formError: string | null | undefined;
  changedLines?: ChangedLine[];
}) {
  const t = useT();
  const items = summaryItems(errors, checkoutFields).filter(
    (item) => item.target !== "idempotencyKey" && item.target !== "shownLines",
  );
  return (
    <ErrorSummary
      items={items}
      formError={formError}
      details={
        changedLines?.length ? (
          <ul>
            {changedLines.map((line) => (
              <li key={line.productId}>{t(line.reason.id, line.reason.values)}</li>
            ))}
          </ul>
        ) : null
      }
    />
  );
}

/**
 * Name, e-mail, phone and the delivery address, with the typed values and their errors; after
 * the PIN code, 'Check delivery' (a submit of the form with intent=delivery, with or without
 * JavaScript) shows its charge in the summary.
 */
function ShippingFields({ busy, ...state }: FormState & { busy: boolean }) {
  const field = fieldsOf(state, { limits: checkoutLimits });
  const t = useT();
  return (
    <>
      <ContactFields
        field={field}
        phone={{ name: "phone", label: t("checkout.phone.label"), hint: t("checkout.phone.hint") }}
      />
      <InputField
        {...field("address")}
        label={t("checkout.address")}
        autoComplete="street-address"
        required
      />
      <CityStatePinFields
        field={field}
        afterPin={
          <button
            type="submit"
            name="intent"
            value="delivery"
            className="button button--secondary"
            formNoValidate
            disabled={busy}
          >
            {t("checkout.delivery.check")}
          </button>
        }
      />
      <InputField
        {...field("buyerGstin")}
        label={t("checkout.gstin.label")}
        hint={t("checkout.gstin.hint")}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
    </>
  );
}

/**
 * Cash on delivery or online, when Razorpay is configured; otherwise a line saying the order is
 * paid in cash on delivery (and the error of a form that asked for online payment anyway).
 */
function PaymentChoice({
  onlinePayment,
  chosen,
  error,
}: {
  onlinePayment: boolean;
  chosen: string | undefined;
  error: string | undefined;
}) {
  const t = useT();
  if (onlinePayment) {
    return (
      <RadioGroupField
        name="paymentMethod"
        legend={t("checkout.paymentLegend")}
        options={paymentChoices.map((choice) => ({
          value: choice,
          label: t(`checkout.payment.${choice}`),
        }))}
        defaultValue={chosen || "cod"}
        error={error}
      />
    );
  }
  return (
    <>
      <p>{t("checkout.codOnly")}</p>
      <FormError message={error} />
    </>
  );
}
