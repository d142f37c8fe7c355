import type { EmbeddedCustomer } from "@/lib/payments/schemas";
import type { SandboxCustomer, SandboxPaymentIntent } from "@/sandbox/model";
import type { ModeContext } from "./context";
import type { MethodHandle } from "./methods";
import { usdCents } from "./money";
import { PERSON_ID_KINDS, businessName, emailFor, mobileDigits, personName, senderId } from "./people";
import { crAddress } from "./places";
import { createSampler, type Rng } from "./random";
import { DAY, iso } from "./time";

/** A customer plus what only the generator needs (dropped from the output). */
export type Profile = {
  record: SandboxCustomer;
  createdMs: number;
  /**
   * The short customer object intents embed. One object per customer, shared by all of that customer's intents: it keeps
   * 250,000 intents lean, and an update to the customer shows on every intent, as the service's join would.
   */
  embedded: EmbeddedCustomer;
  /** Local 8-digit mobile number, the part a SINPE transfer carries; null when the customer gave no phone. */
  phoneDigits: string | null;
  /** The cédula (or DIMEX, …) the customer's bank puts on their SINPE transfers. */
  senderId: string;
  cards: MethodHandle[];
  sinpe: MethodHandle | null;
};

export type Customers = {
  profiles: Profile[];
  byId: Map<string, Profile>;
  /** A customer chosen in proportion to how much they buy; null only when there are none (a tiny scale). */
  pick(rng: Rng): Profile | null;
  /** Every customer phone of the mode, so stray transfers can come from numbers no customer has. */
  phones: Set<string>;
};

const OLDEST_CUSTOMER_DAYS = 420;
const DESCRIPTIONS = ["Cliente frecuente", "Referido por Instagram", "Socio fundador", "Prefiere SINPE Móvil", "Empresa: factura electrónica"] as const;

export function generateCustomers(ctx: ModeContext, count: number): Customers {
  const rng = ctx.stream("customers");
  const emails = new Set<string>();
  const phones = new Set<string>();
  const profiles: Profile[] = [];
  const weights: number[] = [];
  for (let i = 0; i < count; i++) {
    // Skewed towards older sign-ups: an established business has a customer base older than its recent sales.
    const createdMs = ctx.nowMs - Math.floor(OLDEST_CUSTOMER_DAYS * DAY * Math.pow(rng.next(), 0.8));
    const isBusiness = rng.chance(0.04);
    const name = isBusiness ? businessName(rng) : personName(rng);
    const phoneDigits = rng.chance(0.97) ? mobileDigits(rng, phones) : null;
    const phone = phoneDigits ? `+506${phoneDigits}` : null;
    const email = rng.chance(0.98) ? emailFor(rng, name, isBusiness, emails) : null;
    const address = rng.chance(0.85) ? crAddress(rng) : null;
    const id = rng.id("cus");
    const record: SandboxCustomer = {
      id,
      mode: ctx.mode,
      name,
      email,
      phone,
      description: isBusiness ? DESCRIPTIONS[4] : rng.chance(0.15) ? rng.pick(DESCRIPTIONS.slice(0, 4)) : null,
      address,
      shipping: address && rng.chance(0.3) ? { name, phone, address: rng.chance(0.8) ? { ...address } : crAddress(rng) } : null,
      amountSpent: 0,
      transactionsCount: 0,
      lastTransactionAt: null,
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
    };
    const kind = isBusiness ? "legal_private" : rng.weighted(PERSON_ID_KINDS);
    profiles.push({ record, createdMs, embedded: { id, name, phone, email }, phoneDigits, senderId: senderId(rng, kind), cards: [], sinpe: null });
    // A few buy a lot, most a little, some never (signed up, never paid); newer customers have had less time to buy.
    const appetite = rng.chance(0.1) ? 0 : Math.pow(rng.next(), 2) + 0.05;
    weights.push(appetite * Math.min(1, (ctx.nowMs - createdMs) / (180 * DAY)));
  }
  const sample = createSampler(weights);
  return {
    profiles,
    byId: new Map(profiles.map((profile) => [profile.record.id, profile])),
    pick: (pickRng) => profiles[sample(pickRng)] ?? null,
    phones,
  };
}

/**
 * Totals the service keeps on a customer, from the intents that exist: amountSpent (USD cents) and transactionsCount
 * over the succeeded ones, lastTransactionAt their latest createdAt. A fully refunded intent no longer counts.
 */
export function settleCustomerTotals(customers: Customers, intents: readonly SandboxPaymentIntent[]): void {
  for (const intent of intents) {
    if (intent.status !== "succeeded" || !intent.customerId) continue;
    const record = customers.byId.get(intent.customerId)?.record;
    if (!record) continue;
    record.amountSpent += intent.baseAmount ?? usdCents(intent.amount, intent.currency);
    record.transactionsCount += 1;
    if (!record.lastTransactionAt || intent.createdAt > record.lastTransactionAt) record.lastTransactionAt = intent.createdAt;
  }
  for (const { record } of customers.profiles) {
    if (record.lastTransactionAt && record.lastTransactionAt > record.updatedAt) record.updatedAt = record.lastTransactionAt;
  }
}
