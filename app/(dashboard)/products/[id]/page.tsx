import { detailRoute } from "@/components/detail/detail-page";
import { DetailColumns } from "@/components/detail/detail-columns";
import { Badge } from "@/components/ui/badge";
import { ProductCard, ProductImages, ProductPrices } from "./product-cards";
import { loadProduct } from "./data";

// GET /products/[id] — one product: what it is, its pictures as the service gives them, and its prices, active first.
export default detailRoute("products", {
  load: loadProduct,
  view: ({ product, prices, imageOrigins }, formatting) => {
    const { t } = formatting;
    return {
      title: product.name,
      badges:
        product.isActive === true ? (
          <Badge tone="success">{t("productsList.active")}</Badge>
        ) : product.isActive === false ? (
          <Badge tone="neutral">{t("productsList.inactive")}</Badge>
        ) : undefined,
      body: (
        <DetailColumns
          main={<ProductPrices prices={prices} {...formatting} />}
          side={
            <>
              <ProductCard product={product} {...formatting} />
              <ProductImages product={product} origins={imageOrigins} {...formatting} />
            </>
          }
        />
      ),
    };
  },
});
