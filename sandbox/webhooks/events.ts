import type { Mode, SandboxCustomer, SandboxMobileTransfer, SandboxPaymentIntent, SandboxRenewal, SandboxSubscription } from "../model";

// Event payloads exactly as the spec's Events section lists their fields, built from the sandbox's records.

export type SandboxEvent = { type: string; data: Record<string, unknown> };

export const customerObject = (customer: SandboxCustomer | undefined) =>
  customer ? { id: customer.id, name: customer.name ?? "", phone: customer.phone ?? "", email: customer.email ?? "" } : null;

export function paymentIntentSucceeded(intent: SandboxPaymentIntent, customer: SandboxCustomer | undefined, at: string): SandboxEvent {
  return {
    type: "payment-intent.succeeded",
    data: {
      id: intent.id,
      accountId: intent.accountId,
      currency: intent.currency,
      amount: intent.amount,
      status: "succeeded",
      confirmationAttempts: intent.confirmationAttempts ?? 1,
      description: intent.description ?? "",
      createdAt: at,
      customer: customerObject(customer),
      metadata: intent.metadata,
    },
  };
}

export function paymentIntentDeferred(intent: SandboxPaymentIntent, mode: Mode): SandboxEvent {
  return {
    type: "payment-intent.deferred",
    data: {
      id: intent.id,
      mode,
      currency: intent.currency,
      status: "processing",
      confirmationAttempts: intent.confirmationAttempts ?? 1,
      description: intent.description ?? "",
      createdAt: intent.createdAt,
      amount: intent.amount,
      baseAmount: intent.baseAmount ?? intent.amount,
      paymentMethodId: intent.paymentMethodId ?? "",
      customerId: intent.customerId ?? "",
      accountId: intent.accountId,
    },
  };
}

export function paymentIntentFailed(intent: SandboxPaymentIntent, customer: SandboxCustomer | undefined, at: string): SandboxEvent {
  const error = intent.lastPaymentError;
  return {
    type: "payment-intent.failed",
    data: {
      id: intent.id,
      accountId: intent.accountId,
      currency: intent.currency,
      status: intent.status,
      customer: customerObject(customer),
      metadata: intent.metadata,
      error: {
        message: error?.message ?? "The payment failed",
        code: error?.code ?? "declined",
        type: error?.type ?? "processing_error",
        paymentMethodType: intent.paymentMethodType,
        createdAt: at,
      },
    },
  };
}

export function renewalSucceeded(renewal: SandboxRenewal, subscription: SandboxSubscription, mode: Mode): SandboxEvent {
  return {
    type: "subscription.renewal.succeeded",
    data: {
      mode,
      status: renewal.status,
      currency: renewal.currency,
      description: renewal.description ?? subscription.description ?? "",
      total: renewal.total,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      subscriptionId: subscription.id,
      paymentIntentId: renewal.paymentIntentId ?? "",
      customerId: subscription.customerId,
    },
  };
}

export function renewalFailed(
  renewal: SandboxRenewal,
  subscription: SandboxSubscription,
  customer: SandboxCustomer | undefined,
  accountId: string,
  error: { message: string; code: string; type: string },
): SandboxEvent {
  return {
    type: "subscription.renewal.failed",
    data: {
      accountId,
      subscriptionId: subscription.id,
      paymentIntentId: renewal.paymentIntentId ?? "",
      currency: renewal.currency,
      invoiceStatus: renewal.status,
      subscriptionStatus: subscription.status,
      attemptCount: renewal.attemptCount,
      invoicePeriodStart: renewal.periodStart,
      invoicePeriodEnd: renewal.periodEnd,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      // Null once no retry is planned (the renewal is uncollectible): "" is not a time.
      nextPaymentAttempt: renewal.nextPaymentAttempt,
      lastPaymentAttempt: renewal.lastPaymentAttempt ?? "",
      customer: customerObject(customer),
      error,
    },
  };
}

export function mobileTransferReceived(transfer: SandboxMobileTransfer): SandboxEvent {
  return {
    type: "mobile-transfer.received",
    data: {
      amount: transfer.amount,
      currency: transfer.currency,
      description: transfer.description ?? "",
      SINPERefNumber: transfer.SINPERefNumber,
      originId: transfer.originId,
      originName: transfer.originName,
      originPhone: transfer.originPhone,
      authorizationDate: transfer.authorizationDate,
    },
  };
}

export function checkoutSessionSucceeded(session: {
  mode: Mode;
  currency: string;
  url: string;
  amountTotal: number;
  createdAt: string;
  metadata: Record<string, string>;
  customer: SandboxCustomer | undefined;
  lineItems: { name: string; description: string; currency: string; amount: number }[];
}): SandboxEvent {
  return {
    type: "checkout-session.succeeded",
    data: {
      mode: session.mode,
      paymentStatus: "paid",
      currency: session.currency,
      url: session.url,
      amountTotal: session.amountTotal,
      createdAt: session.createdAt,
      metadata: session.metadata,
      customer: customerObject(session.customer),
      lineItems: session.lineItems,
    },
  };
}
