// Realistic deliveries of every event type, as the spec lists their fields, for the webhook tests and the benchmark.

const customer = { id: "cus_ana", name: "Ana Mora Vargas", phone: "+50688887777", email: "ana@example.com" };

export function succeeded(id = "pi_1", at = "2026-11-21T15:00:05.000Z") {
  return {
    type: "payment-intent.succeeded",
    data: { id, accountId: "acct_m", currency: "CRC", amount: 1_500_000, status: "succeeded", confirmationAttempts: 1, description: "Pedido 42", createdAt: at, customer, metadata: { orderId: "42" } },
  };
}

export function deferred(id = "pi_1", createdAt = "2026-11-21T15:00:00.000Z") {
  return {
    type: "payment-intent.deferred",
    data: {
      id,
      mode: "test",
      currency: "CRC",
      status: "processing",
      confirmationAttempts: 1,
      description: "Pedido 42",
      createdAt,
      amount: 1_500_000,
      baseAmount: 2941,
      paymentMethodId: "pm_sinpe",
      customerId: customer.id,
      accountId: "acct_m",
    },
  };
}

export function failed(id = "pi_1", at = "2026-11-21T15:10:00.000Z") {
  return {
    type: "payment-intent.failed",
    data: {
      id,
      accountId: "acct_m",
      currency: "CRC",
      status: "requires_payment_method",
      customer,
      metadata: {},
      error: { message: "Fondos insuficientes", code: "declined", type: "card_error", paymentMethodType: "card", createdAt: at },
    },
  };
}

export function transfer(ref = "2026112115150001234567890", amount = 1_500_000) {
  return {
    type: "mobile-transfer.received",
    data: { amount, currency: "CRC", description: "Pago pedido 42", SINPERefNumber: ref, originId: "01-2345-6789", originName: "Ana Mora Vargas", originPhone: "8888-7777", authorizationDate: "2026-11-21T15:14:58.000Z" },
  };
}

export function renewalFailed(subscriptionId = "sub_1", attemptCount = 1, invoiceStatus = "open") {
  return {
    type: "subscription.renewal.failed",
    data: {
      accountId: "acct_m",
      subscriptionId,
      paymentIntentId: `pi_renewal_${attemptCount}`,
      currency: "CRC",
      invoiceStatus,
      subscriptionStatus: invoiceStatus === "uncollectible" ? "unpaid" : "past_due",
      attemptCount,
      invoicePeriodStart: "2026-11-01T00:00:00.000Z",
      invoicePeriodEnd: "2026-12-01T00:00:00.000Z",
      periodStart: "2026-10-01T00:00:00.000Z",
      periodEnd: "2026-11-01T00:00:00.000Z",
      nextPaymentAttempt: invoiceStatus === "uncollectible" ? null : "2026-11-04T00:00:00.000Z",
      lastPaymentAttempt: `2026-11-0${attemptCount}T00:05:00.000Z`,
      customer,
      error: { message: "Tarjeta rechazada", code: "declined", type: "card_error" },
    },
  };
}

export function renewalSucceeded(subscriptionId = "sub_1") {
  return {
    type: "subscription.renewal.succeeded",
    data: {
      mode: "test",
      status: "paid",
      currency: "CRC",
      description: "Membresía mensual",
      total: 3_300_000,
      periodStart: "2026-11-01T00:00:00.000Z",
      periodEnd: "2026-12-01T00:00:00.000Z",
      subscriptionId,
      paymentIntentId: "pi_renewal_ok",
      customerId: customer.id,
    },
  };
}

export function checkout(url = "https://checkout.example/cs_1") {
  return {
    type: "checkout-session.succeeded",
    data: {
      mode: "test",
      paymentStatus: "paid",
      currency: "CRC",
      url,
      amountTotal: 2_500_000,
      createdAt: "2026-11-21T16:00:00.000Z",
      metadata: { cart: "77" },
      customer,
      lineItems: [
        { name: "Café de Tarrazú 340 g", description: "Tueste medio", currency: "CRC", amount: 1_250_000 },
        { name: "Taza de cerámica", description: "", currency: "CRC", amount: 1_250_000 },
      ],
    },
  };
}
