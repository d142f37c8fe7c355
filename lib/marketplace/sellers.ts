import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { recordLinkIssued, recordWeeklyFee } from "@/db/queries/connected-accounts";
import type { Operator } from "@/db/schema";
import { hasRole } from "@/lib/auth/roles";
import type { Mode } from "@/lib/env-schema";
import type { PaymentClient } from "@/lib/payments/client";
import { createConnectedAccount, createOnboardingLink, setWeeklyFee } from "@/lib/payments/connected-accounts";
import { isPaymentServiceError, type PaymentServiceError } from "@/lib/payments/errors";
import { explainPaymentError, type ExplainedError } from "@/lib/payments/explain-error";
import type { IssuedLink } from "./link";
import { createSellerSchema, fieldErrorsOf, issueLinkSchema, weeklyFeeFormSchema, type FieldErrors, type SellerField, type WeeklyFeeField } from "./seller-input";

// The admin's marketplace writes: create a seller, issue an onboarding link, set the weekly fee. Each checks the role
// again, reads its input with the forms' own schema, asks the service, then records what happened and its audit row in
// one transaction (a transaction is not held open across the call). The onboarding link goes back to the caller, for
// the admin's dialog, and nowhere else: not to the database, the audit row, a log line or an error.

export const SELLER_ACTIONS = {
  created: "marketplace.seller_created",
  linkIssued: "marketplace.onboarding_link_issued",
  weeklyFeeSet: "marketplace.weekly_fee_set",
  /** The service refused (or did not answer) one of the above: what was asked, and what it said. */
  refused: "marketplace.refused",
} as const;

/** Links last 7 days (the service's public docs), counted on the service's clock. */
export const ONBOARDING_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type SellerActor = Pick<Operator, "id" | "email" | "name" | "role">;
export type SellerContext = { db: Db; client: PaymentClient; mode: Mode; actor: SellerActor };


export type ActionFailure<F extends string> =
  | { ok: false; error: "forbidden" }
  | { ok: false; error: "invalid_input"; fieldErrors: FieldErrors<F> }
  | { ok: false; error: "service"; problem: ExplainedError; fieldErrors?: FieldErrors<F> };

export type CreateSellerResult = { ok: true; link: IssuedLink } | ActionFailure<SellerField>;
export type IssueLinkResult = { ok: true; link: IssuedLink } | ActionFailure<never>;
export type WeeklyFeeResult = { ok: true } | ActionFailure<WeeklyFeeField>;

// The service's marketplace validation messages name the field they are about ("businessName must be …").
const SERVICE_FIELDS: Record<string, SellerField | WeeklyFeeField> = {
  businessName: "businessName",
  marketplaceAppFee: "appFee",
  marketplaceWeeklyFeeAmount: "amount",
  marketplaceWeeklyFeeCurrency: "currency",
};

/** A refusal's messages on the fields they name; the service's own words, shown as sent. */
export function serviceFieldErrors<F extends string>(error: PaymentServiceError, fields: readonly F[]): FieldErrors<F> | undefined {
  if (error.kind !== "marketplace_validation" && error.kind !== "validation") return undefined;
  const found: Record<string, string> = {};
  for (const message of error.messages) {
    const field = SERVICE_FIELDS[message.split(/\s/, 1)[0] ?? ""];
    if (field && (fields as readonly string[]).includes(field)) found[field] ??= `service:${message}`;
  }
  return Object.keys(found).length > 0 ? (found as FieldErrors<F>) : undefined;
}

/**
 * The service's refusal as the action's answer, with its audit row when the request reached the service (an admin
 * action is recorded whatever came of it). The error holds status, code and the service's messages: never a link.
 */
async function failed<F extends string>(context: SellerContext, asked: { action: string; subjectId: string; input: Record<string, unknown> }, error: unknown, fields: readonly F[]): Promise<ActionFailure<F>> {
  if (!isPaymentServiceError(error)) throw error;
  if (error.kind !== "invalid_input" && error.kind !== "not_configured") {
    const facts = { status: error.status ?? null, kind: error.kind, code: error.code ?? null, messages: error.messages };
    await insertAudit(context.db, auditRow(context, SELLER_ACTIONS.refused, asked.subjectId, { asked: asked.action, ...asked.input, error: facts }));
  }
  const fieldErrors = serviceFieldErrors(error, fields);
  return { ok: false, error: "service", problem: explainPaymentError(error), ...(fieldErrors && { fieldErrors }) };
}

const serviceNow = (client: PaymentClient) => client.serviceNow?.() ?? new Date();
const auditRow = (context: SellerContext, action: string, subjectId: string, after: Record<string, unknown>, before: Record<string, unknown> | null = null) => ({
  operatorId: context.actor.id,
  actor: context.actor.email,
  action,
  subjectType: "connected_account",
  subjectId,
  mode: context.mode,
  before,
  after,
});

export async function createSeller(context: SellerContext, input: unknown): Promise<CreateSellerResult> {
  if (!hasRole(context.actor.role, "admin")) return { ok: false, error: "forbidden" };
  const parsed = createSellerSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid_input", fieldErrors: fieldErrorsOf<SellerField>(parsed.error) };
  let account;
  try {
    account = await createConnectedAccount(context.client, parsed.data);
  } catch (error) {
    return failed(context, { action: SELLER_ACTIONS.created, subjectId: "new", input: parsed.data }, error, ["businessName", "appFee"] as const);
  }
  const issuedAt = serviceNow(context.client);
  const expiresAt = new Date(issuedAt.getTime() + ONBOARDING_LINK_TTL_MS);
  const { db, mode, actor } = context;
  await db.transaction(async (tx) => {
    await recordLinkIssued(tx, { mode, accountId: account.id, issuedAt, expiresAt, operatorId: actor.id, operatorName: actor.name });
    await insertAudit(tx, auditRow(context, SELLER_ACTIONS.created, account.id, { businessName: account.businessName, marketplaceAppFee: account.marketplaceAppFee, status: account.status, linkExpiresAt: expiresAt.toISOString() }));
  });
  return { ok: true, link: { accountId: account.id, businessName: account.businessName, url: account.onboardingUrl, expiresAt: expiresAt.toISOString() } };
}

export async function issueOnboardingLink(context: SellerContext, input: unknown): Promise<IssueLinkResult> {
  if (!hasRole(context.actor.role, "admin")) return { ok: false, error: "forbidden" };
  const parsed = issueLinkSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid_input", fieldErrors: {} };
  const { accountId, businessName } = parsed.data;
  let link;
  try {
    link = await createOnboardingLink(context.client, accountId);
  } catch (error) {
    return failed(context, { action: SELLER_ACTIONS.linkIssued, subjectId: accountId, input: {} }, error, [] as never[]);
  }
  const issuedAt = serviceNow(context.client);
  const expiresAt = new Date(issuedAt.getTime() + ONBOARDING_LINK_TTL_MS);
  const { db, mode, actor } = context;
  await db.transaction(async (tx) => {
    await recordLinkIssued(tx, { mode, accountId: link.id, issuedAt, expiresAt, operatorId: actor.id, operatorName: actor.name });
    await insertAudit(tx, auditRow(context, SELLER_ACTIONS.linkIssued, link.id, { linkExpiresAt: expiresAt.toISOString(), previousLinkExpired: true }));
  });
  return { ok: true, link: { accountId: link.id, businessName, url: link.onboardingUrl, expiresAt: expiresAt.toISOString() } };
}

export async function changeWeeklyFee(context: SellerContext, input: unknown): Promise<WeeklyFeeResult> {
  if (!hasRole(context.actor.role, "admin")) return { ok: false, error: "forbidden" };
  const parsed = weeklyFeeFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid_input", fieldErrors: fieldErrorsOf<WeeklyFeeField>(parsed.error) };
  const accountId = (input as { accountId: string }).accountId;
  let fee;
  try {
    fee = await setWeeklyFee(context.client, accountId, parsed.data);
  } catch (error) {
    return failed(context, { action: SELLER_ACTIONS.weeklyFeeSet, subjectId: accountId, input: { ...parsed.data, marketplaceWeeklyFeeAmount: parsed.data.marketplaceWeeklyFeeAmount === null ? null : String(parsed.data.marketplaceWeeklyFeeAmount) } }, error, ["amount", "currency"] as const);
  }
  const { db, mode, actor } = context;
  const record = { enabled: fee.marketplaceWeeklyFeeEnabled, amount: fee.marketplaceWeeklyFeeAmount, currency: fee.marketplaceWeeklyFeeCurrency };
  await db.transaction(async (tx) => {
    await recordWeeklyFee(tx, { mode, accountId: fee.id, ...record, setAt: new Date(), operatorName: actor.name });
    await insertAudit(tx, auditRow(context, SELLER_ACTIONS.weeklyFeeSet, fee.id, { ...record, amount: record.amount === null ? null : String(record.amount) }));
  });
  return { ok: true };
}
