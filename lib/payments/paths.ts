// Every Payment Service path this app calls, in one place (DESIGN.md's endpoint table). Ids are percent-encoded so
// an id can never change which endpoint is called; callers check ids with idInputSchema before building a path.

const segment = (id: string) => encodeURIComponent(id);

export const paths = {
  customers: "/v1/customers",
  customer: (id: string) => `/v1/customers/${segment(id)}`,
  paymentMethods: (customerId: string) => `/v1/customers/${segment(customerId)}/payment-methods`,
  // The account's payment intents: the list endpoint is not /v1/payment-intents.
  paymentIntents: "/v1/payment-intents/account",
  paymentIntent: (id: string) => `/v1/payment-intents/${segment(id)}`,
  products: "/v1/products",
  product: (id: string) => `/v1/products/${segment(id)}`,
  // Inferred from the service's naming (DESIGN.md): the spec shows neither path.
  prices: "/v1/prices",
  shippingRates: "/v1/shipping-rates",
  shippingRate: (id: string) => `/v1/shipping-rates/${segment(id)}`,
  subscriptions: "/v1/subscriptions",
  subscription: (id: string) => `/v1/subscriptions/${segment(id)}`,
  // Renewals are the service's invoices.
  renewals: "/v1/invoices",
  renewal: (id: string) => `/v1/invoices/${segment(id)}`,
  mobileTransfers: "/v1/mobile-transfers/list",
  refunds: "/v1/refunds",
  refund: (id: string) => `/v1/refunds/${segment(id)}`,
  connectedAccounts: "/v1/connected-accounts",
  connectedAccount: (id: string) => `/v1/connected-accounts/${segment(id)}`,
  onboardingLink: (id: string) => `/v1/connected-accounts/${segment(id)}/onboarding-link`,
  weeklyFees: (id: string) => `/v1/connected-accounts/${segment(id)}/weekly-fees`,
} as const;
