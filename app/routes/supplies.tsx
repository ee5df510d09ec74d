import { getDb } from "~/db/db.server";
import { AddToCartForm } from "~/features/cart/add-to-cart-form";
import { listFertilisers } from "~/features/catalogue/catalogue.server";
import { ProductCard } from "~/features/catalogue/product-card";
import { pageMeta } from "~/features/site/meta";
import { langOf } from "~/i18n/i18n.server";
import type { Route } from "./+types/supplies";

export async function loader({ request }: Route.LoaderArgs) {
  return { fertilisers: await listFertilisers(await getDb(), langOf(request)) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Supplies",
    "Vermicompost, potting mixture and organic plant protection: fertilisers for home gardens, paid on delivery.",
  );

export default function SuppliesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Supplies</h1>
      <p className="page__lead">
        Organic fertilisers and plant protection for pots, terraces and gardens.
      </p>
      <div className="product-grid">
        {loaderData.fertilisers.map((item, index) => (
          <ProductCard key={item.id} item={item} eager={index < 2}>
            <AddToCartForm
              productId={item.id}
              productName={`${item.name} ${item.size ?? ""}`.trim()}
              inStock={item.inStock}
            />
          </ProductCard>
        ))}
      </div>
    </div>
  );
}
