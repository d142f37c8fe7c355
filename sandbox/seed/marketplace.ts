import type { ConnectedAccountStatus, WeeklyFee } from "@/lib/payments/schemas";
import type { SandboxConnectedAccount } from "@/sandbox/model";
import type { ModeContext } from "./context";
import { asciiWords } from "./people";
import { cantonName } from "./places";
import type { Rng, Weighted } from "./random";
import { DAY, iso, waking } from "./time";

export type Marketplace = { connectedAccounts: SandboxConnectedAccount[]; weeklyFees: Record<string, WeeklyFee> };

const STATUSES: Weighted<ConnectedAccountStatus> = [
  ["active", 50], ["pending_onboarding", 15], ["awaiting_approval", 10], ["inactive", 8], ["temporally_suspended", 7],
  ["permanently_suspended", 5], ["deleted", 5],
];
const SHOPS = ["Soda", "Panadería", "Ferretería", "Librería", "Tienda", "Taller", "Estudio", "Boutique", "Café", "Hostal", "Vivero", "Pulpería"] as const;
const FLAVOURS = ["Pura Vida", "El Roble", "Don Chepe", "Las Palmas", "La Sabana", "El Guayabo", "Doña Lela", "Los Cedros", "El Trapiche", "La Amistad", "Tío Pepe", "El Higuerón"] as const;
const SUFFIXES: Weighted<string> = [["", 70], [" S.A.", 20], [" S.R.L.", 10]];
// The fee the spec allows is any 0–100 in steps of 0.01; merchants mostly pick a round one.
const COMMON_FEES: Weighted<number> = [[0, 30], [2.5, 20], [5, 20], [7.5, 10]];
// Minor units (céntimos, cents, centavos, céntimos) of a plausible weekly fee per currency.
const WEEKLY_FEE_RANGES: Weighted<readonly ["CRC" | "USD" | "GTQ" | "PEN", number, number]> = [
  [["CRC", 1_000_00, 25_000_00], 55], [["USD", 2_00, 50_00], 25], [["GTQ", 15_00, 400_00], 10], [["PEN", 8_00, 180_00], 10],
];
// Accounts older than this were created before business profiles existed, so some have no business name.
const OLDEST_DAYS = 540;
const LEGACY_DAYS = 420;

function uniqueBusinessName(rng: Rng, taken: Set<string>): string {
  for (let tries = 0; ; tries++) {
    const base = rng.chance(0.5) ? `${rng.pick(SHOPS)} ${rng.pick(FLAVOURS)}` : `${rng.pick(SHOPS)} ${rng.pick(FLAVOURS)} de ${cantonName(rng)}`;
    // At large scales the combinations run out; a branch number keeps names unique ("Soda El Roble 2").
    const name = `${base}${tries > 20 ? ` ${tries}` : ""}${rng.weighted(SUFFIXES)}`.slice(0, 50);
    const key = asciiWords(name).join(" ");
    if (taken.has(key)) continue;
    taken.add(key);
    return name;
  }
}

function weeklyFee(rng: Rng, id: string, status: ConnectedAccountStatus): WeeklyFee {
  // Sellers still onboarding have not been given a fee yet.
  if (status === "pending_onboarding" || rng.chance(0.35)) {
    return { id, marketplaceWeeklyFeeEnabled: false, marketplaceWeeklyFeeAmount: null, marketplaceWeeklyFeeCurrency: null };
  }
  const [currency, min, max] = rng.weighted(WEEKLY_FEE_RANGES);
  // Round as a fee schedule would be written: ₡500 steps in colones, whole units elsewhere.
  const step = currency === "CRC" ? 500_00 : 100;
  const amount = Math.max(step, Math.round(rng.between(min, max) / step) * step);
  return { id, marketplaceWeeklyFeeEnabled: true, marketplaceWeeklyFeeAmount: amount, marketplaceWeeklyFeeCurrency: currency };
}

export function generateMarketplace(ctx: ModeContext, count: number): Marketplace {
  const rng = ctx.stream("marketplace");
  const names = new Set<string>();
  const result: Marketplace = { connectedAccounts: [], weeklyFees: {} };
  for (const status of rng.deal(count, STATUSES)) {
    const createdMs = waking(rng, ctx.nowMs - OLDEST_DAYS * DAY, ctx.nowMs);
    const legacy = ctx.nowMs - createdMs > LEGACY_DAYS * DAY && rng.chance(0.6);
    const id = rng.id("acct");
    const fee = rng.chance(0.8) ? rng.weighted(COMMON_FEES) : Math.round(rng.between(0, 15) * 100) / 100;
    result.connectedAccounts.push({
      id,
      mode: ctx.mode,
      status,
      businessName: legacy ? null : uniqueBusinessName(rng, names),
      marketplaceAppFee: fee,
      createdAt: iso(createdMs),
    });
    result.weeklyFees[id] = weeklyFee(rng, id, status);
  }
  // Always at least one legacy account without a business name, since the list must cope with it.
  const accounts = result.connectedAccounts;
  if (accounts.length >= 5 && accounts.every((account) => account.businessName !== null)) {
    const oldest = accounts.reduce((a, b) => (b.createdAt < a.createdAt ? b : a));
    oldest.businessName = null;
  }
  return result;
}
