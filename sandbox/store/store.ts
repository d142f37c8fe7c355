import type { WeeklyFee } from "@/lib/payments/schemas";
import type { Mode, ModeData, SeedFixtures, SeedOptions } from "../model";
import { crMonthKey } from "../seed/time";
import { Collection } from "./collection";
import { Journal } from "./journal";

type Collections = {
  customers: Collection<ModeData["customers"][number]>;
  paymentMethods: Collection<ModeData["paymentMethods"][number] & { createdAt: string }>;
  paymentIntents: Collection<ModeData["paymentIntents"][number]>;
  products: Collection<ModeData["products"][number]>;
  prices: Collection<ModeData["prices"][number]>;
  subscriptions: Collection<ModeData["subscriptions"][number]>;
  renewals: Collection<ModeData["renewals"][number]>;
  mobileTransfers: Collection<ModeData["mobileTransfers"][number]>;
  connectedAccounts: Collection<ModeData["connectedAccounts"][number]>;
  refunds: Collection<ModeData["refunds"][number]>;
  shippingRates: Collection<ModeData["shippingRates"][number]>;
  weeklyFees: Collection<WeeklyFee & { createdAt: string }>;
  onboardingLinks: Collection<OnboardingLinkRecord>;
  checkoutSessions: Collection<{ id: string; createdAt: string } & Record<string, unknown>>;
  /** What a repeatable scenario remembers between runs (which renewal it is failing, which seller it is onboarding). */
  scenarioState: Collection<{ id: string; createdAt: string; data: Record<string, string | number | null> }>;
};

export type CollectionName = keyof Collections;
export type RecordOf<C extends CollectionName> = Collections[C] extends Collection<infer T> ? T : never;

/** A hosted onboarding link: the token is the secret part of the URL; a newer link or 7 days expire it. */
export type OnboardingLinkRecord = { id: string; accountId: string; token: string; createdAt: string; expiresAt: string; expiredAt: string | null };

export const ONBOARDING_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function collectionsFrom(data: ModeData): Collections {
  const epoch = "1970-01-01T00:00:00.000Z";
  return {
    customers: new Collection(data.customers),
    // The seed dates every payment method; the type allows none because the spec does not show the field.
    paymentMethods: new Collection(data.paymentMethods.map((m) => ({ ...m, createdAt: m.createdAt ?? epoch }))),
    paymentIntents: new Collection(data.paymentIntents),
    products: new Collection(data.products),
    prices: new Collection(data.prices),
    subscriptions: new Collection(data.subscriptions),
    renewals: new Collection(data.renewals),
    mobileTransfers: new Collection(data.mobileTransfers),
    connectedAccounts: new Collection(data.connectedAccounts),
    refunds: new Collection(data.refunds),
    shippingRates: new Collection(data.shippingRates),
    weeklyFees: new Collection(
      Object.values(data.weeklyFees).map((fee) => ({ ...fee, createdAt: data.connectedAccounts.find((a) => a.id === fee.id)?.createdAt ?? epoch })),
    ),
    onboardingLinks: new Collection<OnboardingLinkRecord>(),
    checkoutSessions: new Collection(),
    scenarioState: new Collection(),
  };
}

/**
 * The sandbox's state: the seed for both modes, the changes replayed from the journal, and a clock that scenarios can
 * move forward (renewal retries are days apart).
 */
export class Store {
  private readonly modes: Record<Mode, Collections>;
  private clockOffsetMs = 0;
  /** The seed's named records (sandbox/model.ts SeedFixtures), per mode. */
  readonly fixtures: Record<Mode, SeedFixtures>;

  constructor(
    seed: { test: ModeData; live: ModeData },
    readonly options: SeedOptions,
    private readonly journal: Journal = new Journal(null),
  ) {
    this.modes = { test: collectionsFrom(seed.test), live: collectionsFrom(seed.live) };
    this.fixtures = { test: seed.test.fixtures, live: seed.live.fixtures };
    for (const entry of journal.read()) {
      if (entry.kind === "clock") this.clockOffsetMs = entry.offsetMs;
      else this.collection(entry.mode, entry.collection as CollectionName).upsert(entry.record as never);
    }
    this.anchorExpiringCards();
  }

  /** The Costa Rica month the fixture cards were last moved to (anchorExpiringCards). */
  private anchoredMonth = "";

  /**
   * The fixture card that "expires this month" does so in the month of this clock when it is read: the seed is
   * generated around a fixed instant (e2e and conformance pin one in the past), and an operator's "this month" is
   * today's. Worked out again whenever the clock's month has changed since (a sandbox started before midnight on a
   * month's last day still says "this month" after it; so does one whose clock a scenario moved), not journaled.
   */
  private anchorExpiringCards(): void {
    const key = crMonthKey(this.now().getTime());
    if (key === this.anchoredMonth) return;
    this.anchoredMonth = key;
    const [year, month] = key.split("-").map(Number);
    for (const mode of ["test", "live"] as const) {
      const id = this.fixtures[mode].expiringCard;
      const methods = this.modes[mode].paymentMethods;
      const card = id ? methods.get(id) : undefined;
      if (!card?.card || (card.createdAt ?? "") > this.now().toISOString()) continue;
      methods.upsert({ ...card, card: { ...card.card, expYear: year!, expMonth: month! } });
    }
    this.keepFixtureCardsGood(year! * 12 + month! - 1);
  }

  /**
   * The fixture customers' cards that were good for longer when the seed was made stay so: once the clock's month
   * reaches one, it expires as many years later as it takes to be good again (the month stays). A seed pinned in the
   * past (e2e and conformance pin 2026-11-01) would otherwise lose its "good" card some day, in a month's first hours
   * in Costa Rica (the conformance seed's "several cards" customer, in October 2027). Expired cards stay expired.
   */
  private keepFixtureCardsGood(clockMonth: number): void {
    const [seedYear, seedMonth] = crMonthKey(this.options.now.getTime()).split("-").map(Number);
    const seededMonth = seedYear! * 12 + seedMonth! - 1;
    for (const mode of ["test", "live"] as const) {
      const { customers, expiringCard } = this.fixtures[mode];
      const owners = new Set(Object.values(customers).filter((id): id is string => !!id));
      const methods = this.modes[mode].paymentMethods;
      const lapsed = methods.all().filter((m) => {
        if (!m.card || m.id === expiringCard || !owners.has(m.customerId)) return false;
        const expiry = m.card.expYear * 12 + m.card.expMonth - 1;
        return expiry > seededMonth && expiry <= clockMonth;
      });
      for (const m of lapsed) {
        const years = Math.floor((clockMonth - (m.card!.expYear * 12 + m.card!.expMonth - 1)) / 12) + 1;
        methods.upsert({ ...m, card: { ...m.card!, expYear: m.card!.expYear + years } });
      }
    }
  }

  collection<C extends CollectionName>(mode: Mode, name: C): Collections[C] {
    if (name === "paymentMethods") this.anchorExpiringCards();
    return this.modes[mode][name];
  }

  get<C extends CollectionName>(mode: Mode, name: C, id: string): RecordOf<C> | undefined {
    if (name === "paymentMethods") this.anchorExpiringCards();
    return this.modes[mode][name].get(id) as RecordOf<C> | undefined;
  }

  /** Every change goes through here, so that it is journaled and survives a restart. */
  save<C extends CollectionName>(mode: Mode, name: C, record: RecordOf<C>): RecordOf<C> {
    (this.modes[mode][name] as Collection<RecordOf<C>>).upsert(record);
    this.journal.append({ kind: "upsert", mode, collection: name, record: record as never });
    return record;
  }

  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  get clockOffset(): number {
    return this.clockOffsetMs;
  }

  advanceClock(ms: number): Date {
    this.clockOffsetMs += ms;
    this.journal.append({ kind: "clock", offsetMs: this.clockOffsetMs });
    return this.now();
  }
}
