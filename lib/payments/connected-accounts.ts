import "server-only";
import type { PaymentClient } from "./client";
import { parseInput } from "./input";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import {
  connectedAccountCreatedSchema,
  connectedAccountListSchema,
  connectedAccountSchema,
  createConnectedAccountInputSchema,
  idInputSchema,
  onboardingLinkSchema,
  setWeeklyFeeInputSchema,
  weeklyFeeSchema,
  type ConnectedAccount,
  type ConnectedAccountCreated,
  type CreateConnectedAccountInput,
  type OnboardingLink,
  type SetWeeklyFeeInput,
  type WeeklyFee,
} from "./schemas";

// Marketplace sellers. The creation response and an onboarding link carry onboardingUrl: hand it to the onboarding
// screen only, never to a log, a table, an audit row or an error message.

export async function listConnectedAccounts(client: PaymentClient, params: ListParams = {}): Promise<Page<ConnectedAccount>> {
  const { data, meta } = await client.get(paths.connectedAccounts, connectedAccountListSchema, buildQuery(params));
  return pageFromListMeta(data, meta);
}

export async function getConnectedAccount(client: PaymentClient, id: string): Promise<ConnectedAccount> {
  return client.get(paths.connectedAccount(accountId(id)), connectedAccountSchema);
}

export async function createConnectedAccount(
  client: PaymentClient,
  input: CreateConnectedAccountInput,
): Promise<ConnectedAccountCreated> {
  const body = parseInput(createConnectedAccountInputSchema, input, "connected account");
  return client.post(paths.connectedAccounts, connectedAccountCreatedSchema, body);
}

/** A new link expires the previous one (links last 7 days). */
export async function createOnboardingLink(client: PaymentClient, id: string): Promise<OnboardingLink> {
  return client.post(paths.onboardingLink(accountId(id)), onboardingLinkSchema);
}

export async function setWeeklyFee(client: PaymentClient, id: string, input: SetWeeklyFeeInput): Promise<WeeklyFee> {
  const body = parseInput(setWeeklyFeeInputSchema, input, "weekly fee");
  return client.post(paths.weeklyFees(accountId(id)), weeklyFeeSchema, body);
}

const accountId = (id: string) => parseInput(idInputSchema, id, "connected account id");
