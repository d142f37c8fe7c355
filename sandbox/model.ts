// The records the sandbox keeps, per mode. They are the client's own types (lib/payments/schemas), so whatever the
// sandbox serves parses with the same schemas the app uses, plus the fields the real service sends beyond the spec.
import type {
  ConnectedAccount,
  Customer,
  MobileTransfer,
  PaymentIntent,
  PaymentMethod,
  Price,
  Product,
  Refund,
  Renewal,
  ShippingRate,
  Subscription,
  WeeklyFee,
} from "@/lib/payments/schemas";
import type { Mode } from "@/lib/env-schema";

export type { Mode };

export type SandboxCustomer = Customer & { mode: Mode };

export type SandboxPaymentIntent = PaymentIntent & {
  mode: Mode;
  customerId: string | null;
  paymentMethodType: "card" | "mobile_transfer";
  /** The last failed attempt, as the failed event reports it; null when none failed. */
  lastPaymentError: {
    code: string;
    message: string;
    type: string;
    reason?: string;
    declineCode?: string;
  } | null;
  amountRefunded: number;
  metadata: Record<string, string>;
};

export type SandboxSubscription = Subscription & {
  mode: Mode;
  customerId: string;
  currency: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  items: { priceId: string; productId: string; description: string; quantity: number; unitAmount: number; currency: string }[];
};

export type SandboxRenewal = Renewal & {
  mode: Mode;
  customerId: string;
  paymentIntentId: string | null;
  attemptCount: number;
  nextPaymentAttempt: string | null;
  lastPaymentAttempt: string | null;
};

/** originPhone is not in the spec's record, only in its event; the sandbox keeps it so scenarios can match by phone. */
export type SandboxMobileTransfer = MobileTransfer & { mode: Mode; originPhone: string };

export type SandboxConnectedAccount = ConnectedAccount & { mode: Mode };

export type ModeData = {
  customers: SandboxCustomer[];
  paymentMethods: (PaymentMethod & { customerId: string })[];
  paymentIntents: SandboxPaymentIntent[];
  products: Product[];
  prices: Price[];
  subscriptions: SandboxSubscription[];
  renewals: SandboxRenewal[];
  mobileTransfers: SandboxMobileTransfer[];
  connectedAccounts: SandboxConnectedAccount[];
  /** Keyed by connected account id. */
  weeklyFees: Record<string, WeeklyFee>;
  refunds: Refund[];
  shippingRates: ShippingRate[];
  fixtures: SeedFixtures;
};

/**
 * Records picked (or made) for one case each, so pages, e2e specs and the conformance suite can find them without
 * searching: GET /_sandbox/fixtures?mode=test lists them. An id is null only when the scale is too small to have one.
 */
export type SeedFixtures = {
  customers: {
    /** Never saved a payment method. */
    noCards: string | null;
    /** Exactly one card, valid past this month. */
    oneCard: string | null;
    /** Exactly two cards: one expired, one valid. */
    twoCardsOneExpired: string | null;
    /** Three cards: one expired, one expiring in the sandbox clock's month, one valid. */
    severalCards: string | null;
  };
  /** The card of `severalCards` that expires in the current month of the sandbox's clock (set again at every start). */
  expiringCard: string | null;
  products: {
    /** Active, with active prices in CRC and USD, recurring and not. */
    twoCurrencies: string | null;
    /** Inactive, with an inactive price. */
    inactive: string | null;
  };
};

export type SeedOptions = {
  /** Any string; the same seed, scale and now give byte-identical data. */
  seed: string;
  /** 1 = the default volumes; 10 = ten times as many of everything. */
  scale: number;
  /** The instant the data is generated around: one-off payments fall in the 180 days before it, subscriptions,
   * customers and sellers reach further back. */
  now: Date;
};

/** The merchant's own SINPE Móvil number (transfers' destinationPhone). */
export const MERCHANT_PHONE = "+50670001234";
