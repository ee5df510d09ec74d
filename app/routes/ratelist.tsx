import { Link } from "react-router";
import { getDb } from "~/db/db.server";
import { listRateCategories } from "~/features/rates/rates.server";
import { localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/ratelist";

export async function loader({ request }: Route.LoaderArgs) {
  return {
    categories: await listRateCategories(await getDb(), langOf(request)),
    messages: messagesFor(langOf(request), ["rates"]),
  };
}

export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "rates.meta.title", "rates.meta.description");

/**
 * One category open at a time: `<details name>` makes an exclusive accordion in the browser
 * itself, so it works without JavaScript, and clicking the open one collapses it (spec §4).
 */
export default function RateListPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="page page--narrow">
      <h1>{t("rates.meta.title")}</h1>
      <p className="page__lead">{t("rates.lead", { kg: String(siteConfig.minimumPickupKg) })}</p>
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
              <caption className="visually-hidden">
                {t("rates.caption", { category: category.name })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("rates.material")}</th>
                  <th scope="col">{t("rates.rate")}</th>
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
      <p className="rate-list__book">
        <Link className="button button--large" to={to("/orderpage")}>
          {t("rates.book")}
        </Link>
      </p>
    </div>
  );
}
