/**
 * Home (spec §2 "/"): hero, about, the four services, how we valuate, plants and supplies,
 * our impact (live figures, cached 5 minutes), the review carousel with the average rating, the 'Join us' form, contact.
 */
import { data, Link, useNavigation } from "react-router";
import { PageTitle } from "~/components/ui/error-summary";
import { useNonce } from "~/components/ui/nonce";
import { Stars } from "~/components/ui/stars";
import { ThankYouDialog } from "~/components/ui/thank-you-dialog";
import { getDb } from "~/db/db.server";
import { registrationSchema } from "~/features/community/community.schema";
import { latestReviews, reviewSummary } from "~/features/community/community.server";
import { REGISTRATIONS_PER_HOUR, registrationFields } from "~/features/community/community-fields";
import { JoinUsForm } from "~/features/community/join-us-form";
import { joinMailingList } from "~/features/community/mailing-list.server";
import { CONFIRMATION_VALID_DAYS } from "~/features/community/mailing-list-state";
import { ReviewCarousel } from "~/features/community/review-carousel";
import { getImpactFigures } from "~/features/impact/impact.server";
import { ImpactSection } from "~/features/impact/impact-section";
import { RecentOrderNotice } from "~/features/orders/recent-order";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { langOf, messagesFor, refusalText } from "~/i18n/i18n.server";
import { MessageAnchor, Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import { logger } from "~/utils/logger.server";
import { type PublicFormResult, screenPublicForm } from "~/utils/public-form.server";
import { message } from "~/utils/refusal";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/home";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const [reviews, summary, impact] = await Promise.all([
    latestReviews(db, 10),
    reviewSummary(db),
    getImpactFigures(db, new Date()),
  ]);
  return {
    reviews,
    summary,
    impact,
    messages: messagesFor(langOf(request), ["home", "community"]),
  };
}

interface JoinResult extends PublicFormResult {
  ok?: boolean;
}

/**
 * 'Join us' (docs/community.md): honeypot, validation, rate limit, then double opt-in
 * (`joinMailingList`): the answer is the same whether the address is new, waiting, subscribed or
 * unsubscribed, and carries no token, so the form tells nobody who is on the list (ADR 0027).
 * The messages answer in the page's language (ids rendered by `fieldErrorTexts` and
 * `refusalText`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { parsed, refusal } = await screenPublicForm<JoinResult, typeof registrationSchema>({
    formData: await request.formData(),
    fields: registrationFields,
    schema: registrationSchema,
    clientAddress: context.get(clientAddressContext),
    lang: langOf(request),
    limit: {
      action: "registration",
      perHour: REGISTRATIONS_PER_HOUR,
      refusal: "errors.rateLimit.registrations",
    },
  });
  if (refusal) return refusal;
  try {
    await joinMailingList(await getDb(), parsed, { language: langOf(request), now: new Date() });
    return data<JoinResult>({ ok: true, values: {}, errors: {} });
  } catch (error) {
    logger().error({ err: error }, "registration failed");
    return data<JoinResult>(
      {
        values: { name: parsed.name, email: parsed.email, contact: parsed.contact },
        errors: {},
        formError: refusalText(langOf(request), message("errors.community.registrationFailed")),
      },
      { status: 503 },
    );
  }
}

// The title is the page's <PageTitle> ("Error: …" after a refused 'Join us'); meta has the rest.
export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "home.meta.title", "home.meta.description").filter(
    (descriptor) => !("title" in descriptor),
  );

/**
 * The four services: message ids `home.services.<key>.title` and `.text`, and the page each
 * box's title leads to (docs/contracts.md "Services"; gardening has no page yet, so no link).
 */
const services = [
  { key: "scrap", path: "/orderpage" },
  { key: "gardening", path: null },
  { key: "nutrients", path: "/supplies" },
  { key: "corporate", path: "/corporate" },
] as const;

function AggregateRatingJsonLd({ average, count }: { average: number; count: number }) {
  const nonce = useNonce();
  if (count === 0) return null;
  const json = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: siteConfig.brandName,
    telephone: siteConfig.phoneE164,
    email: siteConfig.supportEmail,
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: average,
      reviewCount: count,
      bestRating: 5,
      worstRating: 1,
    },
  }).replace(/</g, "\\u003c");
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, not HTML
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
  );
}

type HomeData = Route.ComponentProps["loaderData"];

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, summary, impact } = loaderData;
  const t = useT();
  const to = useLocalePath();
  const navigation = useNavigation();
  // The English home is the index route ("/?index"); /hi and /kn are routes of their own.
  const joinAction = to("/") === "/" ? "/?index" : to("/");
  const joining =
    navigation.state === "submitting" && navigation.formAction?.startsWith(joinAction) === true;
  return (
    <div className="home">
      <PageTitle
        title={brandedTitle(t("home.meta.title"))}
        hasErrors={
          Object.keys(actionData?.errors ?? {}).length > 0 || Boolean(actionData?.formError)
        }
      />
      <AggregateRatingJsonLd average={summary.average} count={summary.count} />
      <RecentOrderNotice />
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          {t("home.hero.title")}
        </h1>
        <p className="hero__lead">{t("frame.footer.tagline")}</p>
        <Link to={to("/orderpage")} className="button button--large">
          {t("home.hero.cta")}
        </Link>
      </section>
      <AboutSections />
      <ImpactSection {...impact} />
      <Reviews reviews={reviews} summary={summary} />

      <section id="join" className="home__section" aria-labelledby="join-title">
        <h2 id="join-title">{t("home.join.title")}</h2>
        <p>{t("home.join.lead")}</p>
        <JoinUsForm
          action={joinAction}
          values={actionData?.values ?? {}}
          errors={actionData?.errors ?? {}}
          formError={actionData?.formError}
          submitting={joining}
        />
        {actionData?.ok ? (
          <ThankYouDialog title={t("home.join.thanks.title")}>
            <p>{t("home.join.thanks.checkInbox")}</p>
            <p>{t("home.join.thanks.linkValid", { days: CONFIRMATION_VALID_DAYS })}</p>
          </ThankYouDialog>
        ) : null}
      </section>

      <section id="contact" className="home__section" aria-labelledby="contact-title">
        <h2 id="contact-title">{t("home.contact.title")}</h2>
        <p>
          <Trans
            id="home.contact.body"
            values={{ phone: siteConfig.phoneDisplay, email: siteConfig.supportEmail }}
            components={{
              0: <MessageAnchor href={`tel:${siteConfig.phoneE164}`} />,
              1: <MessageAnchor href={`mailto:${siteConfig.supportEmail}`} />,
            }}
          />
        </p>
      </section>
    </div>
  );
}

/** About us, the four services, how we valuate, and plants and supplies. */
function AboutSections() {
  const t = useT();
  const to = useLocalePath();
  const cities = siteConfig.serviceCities.map((city) => t(`home.city.${city}`)).join(", ");
  return (
    <>
      <section id="about" className="home__section" aria-labelledby="about-title">
        <h2 id="about-title">{t("home.about.title")}</h2>
        <p>{t("home.about.body", { brand: siteConfig.brandName, cities })}</p>
      </section>

      <section className="home__section" aria-labelledby="services-title">
        <h2 id="services-title">{t("home.services.title")}</h2>
        <ul className="service-grid">
          {services.map(({ key, path }) => (
            <li key={key} className="service-box">
              <h3>
                {path ? (
                  <Link to={to(path)}>{t(`home.services.${key}.title`)}</Link>
                ) : (
                  t(`home.services.${key}.title`)
                )}
              </h3>
              <p>{t(`home.services.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="valuate" className="home__section" aria-labelledby="valuate-title">
        <h2 id="valuate-title">{t("home.valuate.title")}</h2>
        <p>{t("home.valuate.body", { kg: siteConfig.minimumPickupKg })}</p>
        <p>
          <Link to={to("/ratelist")}>{t("home.valuate.rateList")}</Link>
        </p>
      </section>

      <section className="home__section" aria-labelledby="shop-title">
        <h2 id="shop-title">{t("home.shop.title")}</h2>
        <p>{t("home.shop.body")}</p>
        <p>
          <Link to={to("/plant")}>{t("home.shop.browsePlants")}</Link> ·{" "}
          <Link to={to("/supplies")}>{t("home.shop.browseSupplies")}</Link>
        </p>
      </section>
    </>
  );
}

/** The average rating (when there are reviews), the carousel, and a link to leave one. */
function Reviews({ reviews, summary }: Pick<HomeData, "reviews" | "summary">) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section id="reviews" className="home__section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t("home.reviews.title")}</h2>
      {summary.count > 0 ? (
        <p className="review-summary">
          <Stars rating={summary.average} />{" "}
          {t("home.reviews.summary", {
            average: summary.average.toFixed(1),
            count: summary.count,
          })}
        </p>
      ) : null}
      <ReviewCarousel reviews={reviews} />
      <p>
        <Link to={to("/review-page")}>{t("home.reviews.leave")}</Link>
      </p>
    </section>
  );
}
