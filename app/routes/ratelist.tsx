import { getDb } from "~/db/db.server";
import { listRateCategories } from "~/features/rates/rates.server";
import { pageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { langOf } from "~/i18n/i18n.server";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/ratelist";

export async function loader({ request }: Route.LoaderArgs) {
  return { categories: await listRateCategories(await getDb(), langOf(request)) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Scrap rate list",
    "Today's scrap rates in rupees per kg for paper, plastic, metal, e-waste and more, paid at your door after weighing.",
  );

/**
 * One category open at a time: `<details name>` makes an exclusive accordion in the browser
 * itself, so it works without JavaScript, and clicking the open one collapses it (spec §4).
 */
export default function RateListPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page page--narrow">
      <h1>Scrap rate list</h1>
      <p className="page__lead">
        Rates in rupees per kg. We weigh your scrap at your door and pay by this list. Your scrap is
        priced at the rate of the day of collection. Minimum {siteConfig.minimumPickupKg} kg for a
        free pickup.
      </p>
      <div className="rate-list">
        {loaderData.categories.map((category, index) => (
          <details
            key={category.slug}
            name="rate-category"
            open={index === 0}
            className="rate-list__category"
          >
            <summary>
              <h2>{category.name}</h2>
            </summary>
            <table>
              <caption className="visually-hidden">{category.name} rates in rupees per kg</caption>
              <thead>
                <tr>
                  <th scope="col">Material</th>
                  <th scope="col">Rate (₹/kg)</th>
                </tr>
              </thead>
              <tbody>
                {category.materials.map((material) => (
                  <tr key={material.id}>
                    <th scope="row">{material.name}</th>
                    <td>{formatPaise(material.ratePaisePerKg)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ))}
      </div>
    </div>
  );
}
