import { Form, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { AddToCartForm } from "~/features/cart/add-to-cart-form";
import { listPlants } from "~/features/catalogue/catalogue.server";
import {
  MAX_SEARCH_LENGTH,
  type PlantFilter,
  parsePlantQuery,
  plantFilters,
} from "~/features/catalogue/plant-query";
import { ProductCard } from "~/features/catalogue/product-card";
import { localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor, t } from "~/i18n/i18n.server";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import type { Route } from "./+types/plant";

export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const query = parsePlantQuery(new URL(request.url).searchParams);
  const plants = await listPlants(await getDb(), query, lang);
  // "35 plants": a plural message formats its number with Intl.NumberFormat, whose first use
  // in a browser page costs 15-35 ms of main thread (ADR 0021), so the server writes it.
  const countText = t(lang, countMessageId(query.q, query.filter), {
    count: plants.length,
    q: query.q,
    filter: query.filter,
  });
  return {
    query,
    plants,
    countText,
    messages: messagesFor(lang, [
      // Not "shop.plant.count…": the server writes the count (above).
      "shop.plant.empty",
      "shop.plant.filter",
      "shop.plant.meta",
      "shop.plant.search",
      "shop.product",
      "cart.add",
    ]),
  };
}

export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "shop.plant.meta.title", "shop.plant.meta.description");

function filterHref(filter: PlantFilter, q: string): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (filter !== "all") params.set("filter", filter);
  const search = params.toString();
  return search ? `/plant?${search}` : "/plant";
}

/** The message of "12 plants matching “tulsi” for indoor use" (values count, q, filter). */
function countMessageId(q: string, filter: PlantFilter): string {
  if (filter === "all") return q ? "shop.plant.countMatching" : "shop.plant.count";
  return q ? "shop.plant.countMatchingFor" : "shop.plant.countFor";
}

export default function PlantPage({ loaderData }: Route.ComponentProps) {
  const { query, plants, countText } = loaderData;
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="page">
      <h1>{t("shop.plant.meta.title")}</h1>
      <Form method="get" action={to("/plant")} className="catalogue-search" role="search">
        <label htmlFor="plant-search">{t("shop.plant.search.label")}</label>
        <div className="catalogue-search__row">
          <input
            id="plant-search"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t("shop.plant.search.placeholder")}
            key={query.q}
          />
          {query.filter !== "all" ? (
            <input type="hidden" name="filter" value={query.filter} />
          ) : null}
          <button type="submit" className="button">
            {t("shop.plant.search.button")}
          </button>
        </div>
      </Form>
      <nav aria-label={t("shop.plant.filter.label")} className="filter-tabs">
        <ul>
          {plantFilters.map((filter) => (
            <li key={filter}>
              <Link
                to={to(filterHref(filter, query.q))}
                aria-current={filter === query.filter ? "page" : undefined}
                preventScrollReset
              >
                {t(`shop.plant.filter.${filter}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="catalogue-count" role="status">
        {countText}
      </p>
      {plants.length === 0 ? (
        <div className="empty-state">
          <p>
            <Trans id="shop.plant.empty" components={{ 0: <Link to={to("/plant")} /> }} />
          </p>
        </div>
      ) : (
        <div className="product-grid">
          {plants.map((plant, index) => (
            <ProductCard key={plant.id} item={plant} eager={index < 2}>
              <AddToCartForm
                productId={plant.id}
                productName={plant.name}
                inStock={plant.inStock}
              />
            </ProductCard>
          ))}
        </div>
      )}
    </div>
  );
}
