import { Form, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { AddToCartForm } from "~/features/cart/add-to-cart-form";
import { searchPlantCatalogue } from "~/features/catalogue/catalogue.server";
import {
  MAX_SEARCH_LENGTH,
  type PlantFilter,
  parsePlantQuery,
  plantFilters,
} from "~/features/catalogue/plant-query";
import { ProductCard } from "~/features/catalogue/product-card";
import { CatalogueDeliveryCheck } from "~/features/delivery/catalogue-delivery-check";
import { localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor, t } from "~/i18n/i18n.server";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import type { Route } from "./+types/plant";

export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const query = parsePlantQuery(new URL(request.url).searchParams);
  const { plants, elsewhere, suggestions } = await searchPlantCatalogue(await getDb(), query, lang);
  // "35 plants": a plural message formats its number with Intl.NumberFormat, whose first use
  // in a browser page costs 15-35 ms of main thread (ADR 0021), so the server writes it.
  const countText = t(lang, countMessageId(query.q, query.filter), {
    count: plants.length,
    q: query.q,
    filter: query.filter,
  });
  // Matches the filter hides ("snake" under Outdoor): said, with a link to them (docs/shop.md).
  const elsewhereText =
    elsewhere > 0
      ? t(lang, "shop.plant.search.elsewhere", {
          count: elsewhere,
          q: query.q,
          filter: query.filter,
        })
      : null;
  return {
    query,
    plants,
    countText,
    elsewhereText,
    suggestions,
    messages: messagesFor(lang, [
      "delivery.check",
      // Not "shop.plant.count…" nor "shop.plant.search.elsewhere": the server writes them (above).
      "shop.plant.filter",
      "shop.plant.meta",
      "shop.plant.search.button",
      "shop.plant.search.label",
      "shop.plant.search.placeholder",
      "shop.product",
      "shop.plant.feed",
      "cart.add",
      // Only the words this result shows: the page's inline data is near its budget
      // (docs/budgets.md, first-load JavaScript).
      ...(query.filter === "all"
        ? []
        : [
            "shop.plant.search.clearFilter",
            "shop.plant.search.filterActive",
            "shop.plant.search.keepFilter",
          ]),
      ...(elsewhere > 0 ? ["shop.plant.search.showElsewhere"] : []),
      // A photo's alt text, only when a card shows a photo (docs/uploads.md "Product photos").
      ...(plants.some((plant) => plant.photo) ? ["shop.photo"] : []),
      ...(plants.length === 0 && elsewhere === 0
        ? [
            "shop.plant.empty",
            "shop.plant.search.example",
            "shop.plant.search.suggestions",
            "shop.plant.search.tryExamples",
          ]
        : []),
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

/** Example searches offered when nothing matches (message ids; each finds plants in its language). */
const exampleSearches = [
  "shop.plant.search.example.airPurifying",
  "shop.plant.search.example.lowLight",
  "shop.plant.search.example.petFriendly",
] as const;

export default function PlantPage({ loaderData }: Route.ComponentProps) {
  const { query, plants, countText, elsewhereText, suggestions } = loaderData;
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
          <button type="submit" className="button">
            {t("shop.plant.search.button")}
          </button>
        </div>
        {query.filter !== "all" ? (
          // A new search keeps the filter (spec §4), in plain sight: untick it to search all.
          <label className="catalogue-search__keep">
            <input
              type="checkbox"
              name="filter"
              value={query.filter}
              defaultChecked
              key={query.filter}
            />{" "}
            {t("shop.plant.search.keepFilter", { filter: query.filter })}
          </label>
        ) : null}
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
      <div className="catalogue-status">
        <p className="catalogue-count" role="status">
          {countText}
        </p>
        {query.filter !== "all" ? (
          <p className="catalogue-filter" data-testid="active-filter">
            {t("shop.plant.search.filterActive", { filter: query.filter })}{" "}
            <Link to={to(filterHref("all", query.q))} preventScrollReset>
              {t("shop.plant.search.clearFilter")}
            </Link>
          </p>
        ) : null}
        {elsewhereText ? (
          <p className="catalogue-elsewhere" data-testid="matches-elsewhere">
            {elsewhereText}{" "}
            <Link to={to(filterHref("all", query.q))}>{t("shop.plant.search.showElsewhere")}</Link>
          </p>
        ) : null}
      </div>
      {plants.length === 0 && !elsewhereText ? (
        <NoPlantFound suggestions={suggestions} />
      ) : (
        <div className="product-grid">
          {plants.map((plant, index) => (
            <ProductCard key={plant.id} item={plant} eager={index < 2} first={index === 0}>
              <AddToCartForm
                productId={plant.id}
                productName={plant.name}
                inStock={plant.inStock}
              />
              <a
                href={to(`/supplies?for=${plant.slug}`)}
                className="product-card__feed"
                aria-describedby={`product-${plant.slug}`}
              >
                {t("shop.plant.feed")}
              </a>
            </ProductCard>
          ))}
        </div>
      )}
      <CatalogueDeliveryCheck />
    </div>
  );
}

/** What the page offers when no plant matches: the nearest names, then example searches. */
function NoPlantFound({
  suggestions,
}: {
  suggestions: Route.ComponentProps["loaderData"]["suggestions"];
}) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="empty-state">
      <p>
        <Trans id="shop.plant.empty" components={{ 0: <Link to={to("/plant")} /> }} />
      </p>
      {suggestions.length > 0 ? (
        <>
          <p id="plant-suggestions">{t("shop.plant.search.suggestions")}</p>
          <ul aria-labelledby="plant-suggestions" className="catalogue-suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion.slug}>
                <Link to={to(filterHref("all", suggestion.name))}>{suggestion.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p id="plant-examples">{t("shop.plant.search.tryExamples")}</p>
      <ul aria-labelledby="plant-examples" className="catalogue-suggestions">
        {exampleSearches.map((id) => (
          <li key={id}>
            <Link to={to(filterHref("all", t(id)))}>{t(id)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
