import { Link } from "react-router";
import { getDb } from "~/db/db.server";
import { AddToCartForm } from "~/features/cart/add-to-cart-form";
import {
  findPlantFeeding,
  listFertilisers,
  type PlantFeeding,
  type SupplyItem,
} from "~/features/catalogue/catalogue.server";
import { ProductCard } from "~/features/catalogue/product-card";
import { SupplyCareDetails } from "~/features/catalogue/supply-care";
import { CatalogueDeliveryCheck } from "~/features/delivery/catalogue-delivery-check";
import { localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor, t } from "~/i18n/i18n.server";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import type { Lang } from "~/i18n/languages";
import type { Route } from "./+types/supplies";

/** A plant's web address name as `?for=` may carry it (the catalogue's slugs). */
const PLANT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,15}$/;

/**
 * The supplies a plant asked for with `?for=<slug>` (docs/shop.md "What to feed this plant"):
 * those fitting its feeding group, with the sentence that says so; every supply, with the reason,
 * when the plant is unknown, has no group, or no supply fits it. Texts in `lang`.
 */
function forPlant(
  lang: Lang,
  all: SupplyItem[],
  plant: PlantFeeding | null,
): { supplies: SupplyItem[]; forText: string | null } {
  if (!plant) return { supplies: all, forText: t(lang, "shop.supplies.for.unknown") };
  const group = plant.feedGroup;
  if (!group) {
    return { supplies: all, forText: t(lang, "shop.supplies.for.noGroup", { name: plant.name }) };
  }
  const fitting = all.filter((item) => item.fits.includes(group));
  if (fitting.length === 0) {
    return { supplies: all, forText: t(lang, "shop.supplies.for.none", { name: plant.name }) };
  }
  const groupName = t(lang, `shop.supplies.group.${group}`);
  return {
    supplies: fitting,
    forText: t(lang, "shop.supplies.for.lead", { name: plant.name, group: groupName }),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const fertilisers = await listFertilisers(db, lang);
  const wanted = new URL(request.url).searchParams.get("for");
  let shown: { supplies: SupplyItem[]; forText: string | null } = {
    supplies: fertilisers,
    forText: null,
  };
  if (wanted !== null) {
    const slug = wanted.trim().toLowerCase();
    const plant = PLANT_SLUG.test(slug) ? await findPlantFeeding(db, slug, lang) : null;
    shown = forPlant(lang, fertilisers, plant);
  }
  return {
    fertilisers: shown.supplies,
    forText: shown.forText,
    messages: messagesFor(lang, [
      "shop.supplies.meta",
      "shop.supplies.lead",
      "shop.supplies.care",
      ...(shown.forText ? ["shop.supplies.for.all"] : []),
      "shop.product",
      "cart.add",
      "delivery.check",
      // A photo's alt text, only when a card shows a photo (docs/uploads.md "Product photos").
      ...(shown.supplies.some((item) => item.photo) ? ["shop.photo"] : []),
    ]),
  };
}

export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "shop.supplies.meta.title", "shop.supplies.meta.description");

export default function SuppliesPage({ loaderData }: Route.ComponentProps) {
  const { fertilisers, forText } = loaderData;
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="page">
      <h1>{t("shop.supplies.meta.title")}</h1>
      {forText ? (
        <p className="page__lead" role="status">
          {forText} <Link to={to("/supplies")}>{t("shop.supplies.for.all")}</Link>
        </p>
      ) : (
        <p className="page__lead">{t("shop.supplies.lead")}</p>
      )}
      <div className="product-grid">
        {fertilisers.map((item, index) => (
          <ProductCard key={item.id} item={item} eager={index < 2} first={index === 0}>
            <SupplyCareDetails care={item.care} />
            <AddToCartForm
              productId={item.id}
              productName={`${item.name} ${item.size ?? ""}`.trim()}
              inStock={item.inStock}
            />
          </ProductCard>
        ))}
      </div>
      <CatalogueDeliveryCheck />
    </div>
  );
}
