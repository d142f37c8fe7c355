import type { ShippingRate } from "@/lib/payments/schemas";
import type { ModeContext } from "./context";
import { DAY, HOUR, iso } from "./time";

// The shop's shipping rates: Correos de Costa Rica inside and outside the Gran Área Metropolitana, a courier, pick-up
// at the gym, one abroad, and one the merchant stopped offering. Fixed, like the catalog: rates do not grow with traffic.

/** name, description, currency, amount in major units, delivery days [min, max] (null: no estimate), active. */
type RateDef = readonly [string, string, "CRC" | "USD", number, readonly [number, number] | null, boolean];

const RATES: readonly RateDef[] = [
  ["Envío GAM (Correos de Costa Rica)", "San José, Heredia, Alajuela y Cartago centro", "CRC", 2_500, [1, 3], true],
  ["Envío fuera de la GAM", "Resto del país, por Correos de Costa Rica", "CRC", 3_900, [2, 5], true],
  ["Mensajería express GAM", "Entrega el mismo día si se paga antes de las 12 md", "CRC", 5_500, [0, 1], true],
  ["Retiro en el gimnasio", "Sin costo: recoja su pedido en recepción", "CRC", 0, null, true],
  ["Envío internacional (EE. UU.)", "Courier, con número de seguimiento", "USD", 25, [5, 10], true],
  ["Encomienda por autobús", "Descontinuado: ahora usamos Correos", "CRC", 2_000, [1, 2], false],
];

export function generateShippingRates(ctx: ModeContext): ShippingRate[] {
  const rng = ctx.stream("shipping-rates");
  // Set up when the shop started selling goods, a year ago; the discontinued rate is the oldest.
  const openedMs = ctx.nowMs - 380 * DAY;
  return RATES.map(([displayName, description, currency, major, days, isActive], index) => {
    const createdMs = openedMs + (isActive ? index + 1 : 0) * 3 * DAY + rng.int(9, 17) * HOUR;
    return {
      id: rng.id("shr"),
      mode: ctx.mode,
      displayName,
      description,
      amount: major * 100,
      currency,
      isActive,
      deliveryEstimate: days ? { minimumDays: days[0], maximumDays: days[1] } : null,
      createdAt: iso(createdMs),
      updatedAt: iso(isActive ? createdMs : ctx.nowMs - rng.int(40, 120) * DAY),
    };
  });
}
