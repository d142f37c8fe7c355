import type { Price, Product } from "@/lib/payments/schemas";
import type { ModeContext } from "./context";
import { DAY, HOUR, MINUTE, iso } from "./time";

// The merchant is a gym with a small shop: memberships and boxes of coffee renew, the rest is sold once.
// The catalog is the same in both modes and does not grow with `scale`: a merchant's catalog does not grow with traffic.

type Interval = "month" | "year";
/** currency, amount in major units, interval (null = one_time), popularity among new sales/subscriptions, active. */
type PriceDef = readonly ["CRC" | "USD", number, Interval | null, number, boolean?];
/** shippable: a physical good sent by post; images: how many pictures the product has (services have none). */
type ProductDef = { name: string; description: string; prices: readonly PriceDef[]; active?: boolean; shippable?: boolean; images?: number };

const PRODUCTS: readonly ProductDef[] = [
  // The inactive ₡25.000 price is the one before last year's increase; no new subscription uses it.
  { name: "Membresía mensual gimnasio", description: "Acceso ilimitado a sala de pesas y clases grupales", prices: [["CRC", 28_000, "month", 40], ["USD", 55, "month", 10], ["CRC", 25_000, "month", 0, false]], images: 1 },
  { name: "Membresía anual gimnasio", description: "Doce meses de acceso con dos meses de descuento", prices: [["CRC", 290_000, "year", 6], ["USD", 570, "year", 3]] },
  { name: "Casillero mensual", description: "Casillero personal con candado", prices: [["CRC", 5_000, "month", 5], ["USD", 10, "month", 1]] },
  { name: "Plan nutricional", description: "Consulta mensual y plan de alimentación", prices: [["CRC", 18_500, "month", 10], ["USD", 36, "month", 4]] },
  { name: "Caja de café mensual", description: "Café Tarrazú recién tostado, 1 kg al mes", prices: [["CRC", 12_900, "month", 12], ["USD", 25, "month", 4], ["CRC", 139_000, "year", 5]], shippable: true, images: 1 },
  { name: "Entrenamiento personal", description: "Sesión de 60 minutos con entrenador", prices: [["CRC", 15_000, null, 8], ["USD", 30, null, 3]] },
  { name: "Paquete 10 clases de yoga", description: "Válido por tres meses", prices: [["CRC", 45_000, null, 5], ["USD", 88, null, 2]] },
  { name: "Café Tarrazú 340 g", description: "Grano entero, tueste medio", prices: [["CRC", 6_500, null, 12], ["USD", 13, null, 3]], shippable: true, images: 2 },
  { name: "Camiseta Dry-Fit", description: "Tallas S a XL", prices: [["CRC", 14_900, null, 6], ["USD", 29, null, 2]], shippable: true, images: 3 },
  { name: "Botella térmica 750 ml", description: "Acero inoxidable", prices: [["CRC", 9_900, null, 6], ["USD", 19, null, 2]], shippable: true, images: 1 },
  { name: "Inscripción Carrera 10K", description: "Incluye camiseta y medalla", prices: [["CRC", 22_000, null, 4], ["USD", 43, null, 2]] },
  { name: "Clase de spinning", description: "Clase suelta (descontinuada)", prices: [["CRC", 4_500, null, 0, false]], active: false },
];

export type CatalogPrice = {
  record: Price;
  productId: string;
  productName: string;
  unitAmount: number;
  currency: "CRC" | "USD";
  interval: Interval | null;
  weight: number;
};

export type Catalog = {
  products: Product[];
  prices: Price[];
  /** Active one-time prices, weighted by how often they sell. */
  oneTime: CatalogPrice[];
  /** Active recurring prices, weighted by how often they are subscribed to. */
  recurring: CatalogPrice[];
};

export function generateCatalog(ctx: ModeContext): Catalog {
  const rng = ctx.stream("catalog");
  const catalog: Catalog = { products: [], prices: [], oneTime: [], recurring: [] };
  // Set up in the weeks before the oldest subscription, so every price exists before anything uses it.
  const openedMs = ctx.nowMs - 430 * DAY;
  PRODUCTS.forEach((def, index) => {
    const createdMs = openedMs + index * 2 * DAY + rng.int(9, 17) * HOUR + rng.int(0, 59) * MINUTE;
    const active = def.active ?? true;
    const product: Product = {
      id: rng.id("prod"),
      mode: ctx.mode,
      name: def.name,
      description: def.description,
      isActive: active,
      shippable: def.shippable ?? false,
      // Paths on the sandbox's own address: the routes answer them as absolute URLs (sandbox/api/catalog.ts).
      images: Array.from({ length: def.images ?? 0 }, (_, n) => productImagePath(def.name, n + 1)),
      createdAt: iso(createdMs),
      updatedAt: iso(active ? createdMs : ctx.nowMs - rng.int(30, 90) * DAY),
    };
    catalog.products.push(product);
    def.prices.forEach(([currency, major, interval, weight, priceActive = true], priceIndex) => {
      const record: Price = {
        id: rng.id("price"),
        mode: ctx.mode,
        productId: product.id,
        unitAmount: major * 100,
        currency,
        nickname: nicknameOf(interval, currency, active && priceActive),
        type: interval ? "recurring" : "one_time",
        recurring: interval ? { interval, intervalCount: 1 } : null,
        isActive: active && priceActive,
        createdAt: iso(createdMs + (priceIndex + 1) * MINUTE),
      };
      catalog.prices.push(record);
      if (!record.isActive || weight <= 0) return;
      const entry = { record, productId: product.id, productName: def.name, unitAmount: major * 100, currency, interval, weight };
      (interval ? catalog.recurring : catalog.oneTime).push(entry);
    });
  });
  return catalog;
}

/** "Mensual", "Anual (USD)", "Tarifa anterior"; one-off prices have none, as most merchants leave it empty. */
function nicknameOf(interval: Interval | null, currency: "CRC" | "USD", active: boolean): string | null {
  if (!active) return "Tarifa anterior";
  if (!interval) return null;
  const label = interval === "month" ? "Mensual" : "Anual";
  return currency === "USD" ? `${label} (USD)` : label;
}

/** /images/products/cafe-tarrazu-340-g-1.svg: the picture the sandbox draws for a product (sandbox/control.ts). */
export function productImagePath(name: string, n: number): string {
  const slug = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `/images/products/${slug}-${n}.svg`;
}

/** The add-on sold with a monthly membership (a locker), in the same currency, if the catalog has one. */
export function addOnFor(catalog: Catalog, main: CatalogPrice): CatalogPrice | undefined {
  if (main.interval !== "month" || !main.productName.startsWith("Membresía")) return undefined;
  return catalog.recurring.find((price) => price.productName === "Casillero mensual" && price.currency === main.currency);
}
