// Payloads built from the spec's field lists, with Costa Rican detail. Shared by the schema and client tests.

export const customer = {
  id: "cus_01",
  mode: "test",
  name: "Ana Mora Vargas",
  email: "ana@example.com",
  phone: "+50688887777",
  description: "Cliente frecuente",
  address: { city: "San José", country: "CR", line1: "Avenida 2", line2: "", postalCode: "10101", state: "San José" },
  shipping: {
    address: { city: "Heredia", country: "CR", line1: "Calle 5", line2: "Apto 3", postalCode: "40101", state: "Heredia" },
    name: "Ana Mora",
    phone: "+50688887777",
  },
  amountSpent: 125000,
  transactionsCount: 4,
  lastTransactionAt: "2026-11-20T15:04:05.000Z",
  createdAt: "2026-01-10T12:00:00.000Z",
  updatedAt: "2026-11-20T15:04:05.000Z",
};

export const mobileTransfer = {
  id: "mt_01",
  mode: "test",
  amount: 1500000,
  currency: "CRC",
  status: "received",
  description: "Pago factura 123",
  SINPERefNumber: "2026112115150001234567890",
  originId: "01-2345-6789",
  originName: "Luis Solís Rojas",
  destinationPhone: "+50622223333",
  authorizationDate: "2026-11-21T15:15:00.000Z",
  createdAt: "2026-11-21T15:15:02.000Z",
  paymentIntentId: null,
};

export const connectedAccount = {
  id: "ca_01",
  mode: "test",
  status: "pending_onboarding",
  businessName: "Soda La Esquina",
  marketplaceAppFee: 5,
  createdAt: "2026-11-01T10:00:00.000Z",
};

export const ONBOARDING_URL = "https://onboarding.example/session/tok_very_secret_123";

export const paymentIntent = {
  id: "pi_01",
  mode: "test",
  status: "succeeded",
  amount: 250000,
  currency: "CRC",
  description: "Pedido 42",
  customerId: "cus_01",
  metadata: { orderId: "42" },
  createdAt: "2026-11-21T10:00:00.000Z",
};

export const listMeta = { total: 42, pages: 5, limit: 10, cursorNext: "cus_10", cursorBefore: "cus_01" };

export const eventCustomer = { id: "cus_01", name: "Ana Mora", phone: "+50688887777", email: "ana@example.com" };
