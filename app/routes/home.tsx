/**
 * Home (spec §2 "/"): hero, about, the four services, how we valuate, plants and supplies,
 * our impact (live figures, cached 5 minutes), the review carousel with the average rating, the 'Join us' form, contact.
 */
import { data, Link, useNavigation } from "react-router";
import { useNonce } from "~/components/ui/nonce";
import { Stars } from "~/components/ui/stars";
import { ThankYouDialog } from "~/components/ui/thank-you-dialog";
import { getDb } from "~/db/db.server";
import { registrationSchema } from "~/features/community/community.schema";
import {
  latestReviews,
  reviewSummary,
  upsertRegistration,
} from "~/features/community/community.server";
import { REGISTRATIONS_PER_HOUR, registrationFields } from "~/features/community/community-fields";
import { JoinUsForm } from "~/features/community/join-us-form";
import { ReviewCarousel } from "~/features/community/review-carousel";
import { getImpactFigures } from "~/features/pickups/impact.server";
import { ImpactSection } from "~/features/pickups/impact-section";
import { pageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { langOf } from "~/i18n/i18n.server";
import { logger } from "~/utils/logger.server";
import { type PublicFormResult, screenPublicForm } from "~/utils/public-form.server";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/home";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

export async function loader() {
  const db = await getDb();
  const [reviews, summary, impact] = await Promise.all([
    latestReviews(db, 10),
    reviewSummary(db),
    getImpactFigures(db, new Date()),
  ]);
  return { reviews, summary, impact };
}

interface JoinResult extends PublicFormResult {
  ok?: boolean;
  unsubscribePath?: string;
}

/** 'Join us' (docs/community.md): honeypot, validation, rate limit, one row per e-mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const { parsed, refusal } = await screenPublicForm<JoinResult, typeof registrationSchema>({
    formData: await request.formData(),
    fields: registrationFields,
    schema: registrationSchema,
    clientAddress: context.get(clientAddressContext),
    limit: {
      action: "registration",
      perHour: REGISTRATIONS_PER_HOUR,
      message: "Too many registrations from your network in the last hour. Please try again later.",
    },
  });
  if (refusal) return refusal;
  try {
    const { unsubscribeToken } = await upsertRegistration(await getDb(), parsed, langOf(request));
    return data<JoinResult>({
      ok: true,
      unsubscribePath: `/unsubscribe/${unsubscribeToken}`,
      values: {},
      errors: {},
    });
  } catch (error) {
    logger().error({ err: error }, "registration failed");
    return data<JoinResult>(
      {
        values: { name: parsed.name, email: parsed.email, contact: parsed.contact },
        errors: {},
        formError: "There was a problem with registration. Please try again.",
      },
      { status: 503 },
    );
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Sell scrap, grow plants",
    "Book a doorstep scrap pickup in a 2-hour slot, get paid by our published rate list in plants, coupons or money, and buy plants and fertilisers with cash on delivery.",
  );

const services = [
  {
    title: "Scrap collection",
    text: "Paper, plastic, metal and e-waste collected from your door, weighed in front of you and paid by the rate list.",
  },
  {
    title: "Gardening services",
    text: "Help setting up balcony, terrace and office gardens, from potting to care routines.",
  },
  {
    title: "Plant nutrients",
    text: "Vermicompost, potting mixture and organic plant protection for healthy plants.",
  },
  {
    title: "Corporate tie-up",
    text: "Regular scrap collection and plant interior decoration for offices, with bio-waste management.",
  },
];

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
  const navigation = useNavigation();
  const joining =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/?index") === true;
  return (
    <div className="home">
      <AggregateRatingJsonLd average={summary.average} count={summary.count} />
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          STAY CLEAN GO GREEN
        </h1>
        <p className="hero__lead">{siteConfig.tagline}</p>
        <Link to="/orderpage" className="button button--large">
          {siteConfig.pickupCta.replace(/\?$/, " ?")}
        </Link>
      </section>
      <AboutSections />
      <ImpactSection {...impact} />
      <Reviews reviews={reviews} summary={summary} />

      <section id="join" className="home__section" aria-labelledby="join-title">
        <h2 id="join-title">Join us</h2>
        <p>Get news of plants, offers and pickup days. Leave at any time with one click.</p>
        <JoinUsForm
          values={actionData?.values ?? {}}
          errors={actionData?.errors ?? {}}
          formError={actionData?.formError}
          submitting={joining}
        />
        {actionData?.ok ? (
          <ThankYouDialog title="Thank you for joining us!">
            <p>We will write to you about plants, offers and pickup days.</p>
            <p>
              Changed your mind? <Link to={actionData.unsubscribePath ?? "/"}>Unsubscribe</Link>{" "}
              with one click.
            </p>
          </ThankYouDialog>
        ) : null}
      </section>

      <section id="contact" className="home__section" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact</h2>
        <p>
          Call <a href={`tel:${siteConfig.phoneE164}`}>{siteConfig.phoneDisplay}</a> or write to{" "}
          <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>.
        </p>
      </section>
    </div>
  );
}

/** About us, the four services, how we valuate, and plants and supplies. */
function AboutSections() {
  return (
    <>
      <section id="about" className="home__section" aria-labelledby="about-title">
        <h2 id="about-title">About us</h2>
        <p>
          {siteConfig.brandName} collects household and office scrap and sends it for recycling. In
          exchange you choose plants, coupons or money. We serve{" "}
          {siteConfig.serviceCities.join(", ")}.
        </p>
      </section>

      <section className="home__section" aria-labelledby="services-title">
        <h2 id="services-title">Our services</h2>
        <ul className="service-grid">
          {services.map((service) => (
            <li key={service.title} className="service-box">
              <h3>{service.title}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="valuate" className="home__section" aria-labelledby="valuate-title">
        <h2 id="valuate-title">How we valuate</h2>
        <p>
          Our team weighs your scrap at your door on a calibrated scale and pays by the published
          rate per kg for each material. The minimum for a free pickup is{" "}
          {siteConfig.minimumPickupKg} kg; below it pickup charges may apply.
        </p>
        <p>
          <Link to="/ratelist">See the scrap rate list</Link>
        </p>
      </section>

      <section className="home__section" aria-labelledby="shop-title">
        <h2 id="shop-title">Plants and supplies</h2>
        <p>
          Indoor and outdoor plants from ₹50 and organic fertilisers, delivered to your door with
          cash on delivery.
        </p>
        <p>
          <Link to="/plant">Browse plants</Link> · <Link to="/supplies">Browse supplies</Link>
        </p>
      </section>
    </>
  );
}

/** The average rating (when there are reviews), the carousel, and a link to leave one. */
function Reviews({ reviews, summary }: Pick<HomeData, "reviews" | "summary">) {
  return (
    <section id="reviews" className="home__section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">What our customers say</h2>
      {summary.count > 0 ? (
        <p className="review-summary">
          <Stars rating={summary.average} /> {summary.average.toFixed(1)} out of 5 from{" "}
          {summary.count === 1 ? "1 review" : `${summary.count} reviews`}
        </p>
      ) : null}
      <ReviewCarousel reviews={reviews} />
      <p>
        <Link to="/review-page">Leave a review</Link>
      </p>
    </section>
  );
}
