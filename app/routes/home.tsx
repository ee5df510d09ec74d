/**
 * Home (spec §2 "/"): hero, about, the four services, how we valuate, plants and supplies,
 * contact. The review carousel and the 'Join us' form arrive with the community issue.
 */
import { Link } from "react-router";
import { pageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";

export const meta = () =>
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

export default function Home() {
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          STAY CLEAN GO GREEN
        </h1>
        <p className="hero__lead">{siteConfig.tagline}</p>
        <Link to="/orderpage" className="button button--large">
          {siteConfig.pickupCta.replace(/\?$/, " ?")}
        </Link>
      </section>

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
