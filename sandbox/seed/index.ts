// Deterministic seed data for the sandbox Payment Service: the same { seed, scale, now } always gives the same records.
import type { WeeklyFee } from "@/lib/payments/schemas";
import type { Mode, ModeData, SeedOptions } from "@/sandbox/model";
import { generateCatalog } from "./catalog";
import { createContext } from "./context";
import { generateCustomers, settleCustomerTotals } from "./customers";
import { generateMarketplace } from "./marketplace";
import { listPaymentMethods } from "./methods";
import { generatePayments } from "./payments";
import { generateShippingRates } from "./shipping";
import { generateSubscriptions } from "./subscriptions";
import { generateTransfers } from "./transfers";
import { settleWallets } from "./wallets";

/**
 * Test-mode volumes at scale 1. paymentIntents counts one-off intents (card and SINPE); the intents that charge
 * renewals come on top (about one per renewal, ~3,000 at scale 1). Products and prices are a fixed catalog.
 */
export const BASE_VOLUMES = {
  customers: 2_000,
  paymentIntents: 20_000,
  subscriptions: 500,
  mobileTransfers: 5_000,
  connectedAccounts: 60,
} as const;

/** Live mode is a younger, smaller business: a quarter of test mode's volumes. */
export const LIVE_SHARE = 0.25;

/** Shares of transfers linked to a paid intent and unlinked-but-matching an open intent; the rest are strays. */
export const TRANSFER_MIX = { linked: 0.87, matching: 0.1 } as const;

export type Volumes = Record<keyof typeof BASE_VOLUMES, number>;

export function volumesFor(scale: number, mode: Mode): Volumes {
  const share = mode === "live" ? LIVE_SHARE : 1;
  const entries = Object.entries(BASE_VOLUMES).map(([kind, base]) => [kind, Math.round(base * scale * share)]);
  return Object.fromEntries(entries) as Volumes;
}

export function generateSeed(options: SeedOptions): { test: ModeData; live: ModeData } {
  if (!Number.isFinite(options.scale) || options.scale <= 0) throw new RangeError(`scale must be a positive number, got ${options.scale}`);
  if (Number.isNaN(options.now.getTime())) throw new RangeError("now must be a valid date");
  return { test: generateMode(options, "test"), live: generateMode(options, "live") };
}

function generateMode({ seed, scale, now }: SeedOptions, mode: Mode): ModeData {
  const ctx = createContext(seed, mode, now);
  const volumes = volumesFor(scale, mode);
  const catalog = generateCatalog(ctx);
  const customers = generateCustomers(ctx, volumes.customers);
  const subscriptions = generateSubscriptions(ctx, customers, catalog, volumes.subscriptions);
  const linked = Math.round(volumes.mobileTransfers * TRANSFER_MIX.linked);
  const open = Math.round(volumes.mobileTransfers * TRANSFER_MIX.matching);
  const payments = generatePayments(ctx, customers, catalog, {
    general: Math.max(0, volumes.paymentIntents - linked - open),
    linked,
    open,
  });
  const strays = Math.max(0, volumes.mobileTransfers - linked - open);
  const mobileTransfers = generateTransfers(ctx, customers, payments.linked, payments.open, strays);
  const marketplace = generateMarketplace(ctx, volumes.connectedAccounts);
  const paymentIntents = payments.intents.concat(subscriptions.intents);
  settleCustomerTotals(customers, paymentIntents);
  const connectedAccounts = byCreation(marketplace.connectedAccounts);
  const weeklyFees: Record<string, WeeklyFee> = {};
  for (const { id } of connectedAccounts) {
    const fee = marketplace.weeklyFees[id];
    if (fee) weeklyFees[id] = fee;
  }
  const paymentMethods = listPaymentMethods(customers);
  const wallets = settleWallets(ctx, customers, paymentMethods, paymentIntents);
  const productNamed = (name: string) => catalog.products.find((product) => product.name === name)?.id ?? null;
  return {
    customers: byCreation(customers.profiles.map((profile) => profile.record)),
    paymentMethods: byCreation(paymentMethods),
    paymentIntents: byCreation(paymentIntents),
    products: byCreation(catalog.products),
    prices: byCreation(catalog.prices),
    subscriptions: byCreation(subscriptions.subscriptions),
    renewals: byCreation(subscriptions.renewals),
    mobileTransfers: byCreation(mobileTransfers),
    connectedAccounts,
    weeklyFees,
    refunds: byCreation(payments.refunds),
    shippingRates: byCreation(generateShippingRates(ctx)),
    fixtures: {
      ...wallets,
      products: { twoCurrencies: productNamed("Membresía mensual gimnasio"), inactive: productNamed("Clase de spinning") },
    },
  };
}

/** Oldest first, ties by id: every timestamp has the same ISO format, so comparing strings compares instants. */
function byCreation<T extends { id: string; createdAt?: string }>(records: T[]): T[] {
  return records.sort((a, b) => {
    const at = a.createdAt ?? "";
    const bt = b.createdAt ?? "";
    if (at !== bt) return at < bt ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
