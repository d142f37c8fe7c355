import type { Catalog, CatalogPrice } from "./catalog";
import type { Profile } from "./customers";
import { randomMoney, type Money } from "./money";
import type { Rng, Weighted } from "./random";
import { crMonthKey, crMonthLabel } from "./time";

/** What an intent is for: its money, its description and metadata, and what a SINPE sender would type for it. */
export type Purchase = Money & { description: string; metadata: Record<string, string>; note: string };

const GYM_FEE = "Membresía mensual gimnasio";
const SEDES = ["Escazú", "Heredia", "Curridabat"] as const;
const WEB_CHANNELS: Weighted<string> = [["web", 60], ["app", 30], ["whatsapp", 10]];
const DESK_CHANNELS: Weighted<string> = [["recepción", 70], ["tienda en línea", 30]];
// SINPE Móvil caps what most banks let a person send in one transfer.
const SINPE_MAX_COLONES = 200_000;

function weightedPrice(rng: Rng, prices: readonly CatalogPrice[]): CatalogPrice {
  return rng.weighted(prices.map((price) => [price, price.weight] as const));
}

function fromCatalog(rng: Rng, price: CatalogPrice, channel: string): Purchase {
  const quantity = rng.chance(0.85) ? 1 : rng.int(2, 3);
  const description = quantity > 1 ? `${price.productName} (x${quantity})` : price.productName;
  return {
    amount: price.unitAmount * quantity,
    currency: price.currency,
    description,
    metadata: { canal: channel, sede: rng.pick(SEDES) },
    note: rng.chance(0.5) ? description : "Pago",
  };
}

/** A card payment: an online order, or something bought at the front desk. */
export function cardPurchase(rng: Rng, catalog: Catalog, nextOrder: () => number): Purchase {
  if (rng.chance(0.45)) return fromCatalog(rng, weightedPrice(rng, catalog.oneTime), rng.weighted(DESK_CHANNELS));
  const orderId = String(nextOrder());
  return { ...randomMoney(rng, 0.3), description: `Pago pedido ${orderId}`, metadata: { orderId, canal: rng.weighted(WEB_CHANNELS) }, note: "" };
}

/** A SINPE Móvil payment, always in colones: an order, the monthly gym fee, or something from the shop. */
export function sinpePurchase(rng: Rng, catalog: Catalog, nextOrder: () => number, profile: Profile, atMs: number): Purchase {
  const roll = rng.next();
  if (roll < 0.5) {
    const orderId = String(nextOrder());
    const money = randomMoney(rng, 1, SINPE_MAX_COLONES);
    const note = rng.pick([`Pedido ${orderId}`, `pedido ${orderId}`, orderId, `Pago pedido ${orderId}`]);
    return { ...money, description: `Pago pedido ${orderId} por SINPE Móvil`, metadata: { orderId, canal: "sinpe" }, note };
  }
  const fee = catalog.recurring.find((price) => price.productName === GYM_FEE && price.currency === "CRC");
  if (roll < 0.8 && fee) {
    const firstName = profile.record.name?.split(" ")[0] ?? "";
    const month = crMonthLabel(atMs);
    const note = rng.pick(["Mensualidad", `Mensualidad ${month}`, `gym ${month.split(" ")[0] ?? ""}`, `Pago mensualidad ${firstName}`]);
    return { amount: fee.unitAmount, currency: "CRC", description: "Mensualidad gimnasio", metadata: { canal: "sinpe", mes: crMonthKey(atMs) }, note };
  }
  const crc = catalog.oneTime.filter((price) => price.currency === "CRC");
  return { ...fromCatalog(rng, weightedPrice(rng, crc), "sinpe"), currency: "CRC" };
}
