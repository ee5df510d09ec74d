import { getDb } from "~/db/db.server";
import { AddToCartForm } from "~/features/cart/add-to-cart-form";
import { listFertilisers } from "~/features/catalogue/catalogue.server";
import { ProductCard } from "~/features/catalogue/product-card";
import { CatalogueDeliveryCheck } from "~/features/delivery/catalogue-delivery-check";
import { localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { useT } from "~/i18n/i18n-react";
import type { Route } from "./+types/supplies";

export async function loader({ request }: Route.LoaderArgs) {
  const fertilisers = await listFertilisers(await getDb(), langOf(request));
  return {
    fertilisers,
    messages: messagesFor(langOf(request), [
      "shop.supplies",
      "shop.product",
      "cart.add",
      "delivery.check",
      // A photo's alt text, only when a card shows a photo (docs/uploads.md "Product photos").
      ...(fertilisers.some((item) => item.photo) ? ["shop.photo"] : []),
    ]),
  };
}

export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "shop.supplies.meta.title", "shop.supplies.meta.description");

export default function SuppliesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="page">
      <h1>{t("shop.supplies.meta.title")}</h1>
      <p className="page__lead">{t("shop.supplies.lead")}</p>
      <div className="product-grid">
        {loaderData.fertilisers.map((item, index) => (
          <ProductCard key={item.id} item={item} eager={index < 2} first={index === 0}>
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
