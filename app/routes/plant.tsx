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
import { pageMeta } from "~/features/site/meta";
import { langOf } from "~/i18n/i18n.server";
import type { Route } from "./+types/plant";

export async function loader({ request }: Route.LoaderArgs) {
  const query = parsePlantQuery(new URL(request.url).searchParams);
  const plants = await listPlants(await getDb(), query, langOf(request));
  return { query, plants };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Plants",
    "Indoor and outdoor plants from ₹50 to ₹310: money plant, snake plant, tulsi, hibiscus and more, delivered with cash on delivery.",
  );

const filterLabels: Record<PlantFilter, string> = {
  all: "All",
  indoor: "Indoor",
  outdoor: "Outdoor",
};

function filterHref(filter: PlantFilter, q: string): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (filter !== "all") params.set("filter", filter);
  const search = params.toString();
  return search ? `/plant?${search}` : "/plant";
}

export default function PlantPage({ loaderData }: Route.ComponentProps) {
  const { query, plants } = loaderData;
  return (
    <div className="page">
      <h1>Plants</h1>
      <Form method="get" className="catalogue-search" role="search">
        <label htmlFor="plant-search">Search plants</label>
        <div className="catalogue-search__row">
          <input
            id="plant-search"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="e.g. tulsi, air purifying"
            key={query.q}
          />
          {query.filter !== "all" ? (
            <input type="hidden" name="filter" value={query.filter} />
          ) : null}
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>
      <nav aria-label="Filter plants" className="filter-tabs">
        <ul>
          {plantFilters.map((filter) => (
            <li key={filter}>
              <Link
                to={filterHref(filter, query.q)}
                aria-current={filter === query.filter ? "page" : undefined}
                preventScrollReset
              >
                {filterLabels[filter]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="catalogue-count" role="status">
        {plants.length === 1 ? "1 plant" : `${plants.length} plants`}
        {query.q ? ` matching “${query.q}”` : ""}
        {query.filter !== "all" ? ` for ${filterLabels[query.filter].toLowerCase()} use` : ""}
      </p>
      {plants.length === 0 ? (
        <div className="empty-state">
          <p>
            No plants match your search. Try another word, or{" "}
            <Link to="/plant">see all plants</Link>.
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
