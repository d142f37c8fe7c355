import { randomBytes } from "node:crypto";
import { WEEKLY_FEE_AMOUNT, WEEKLY_FEE_CURRENCIES } from "@/lib/payments/schemas";
import { newId } from "../ids";
import { marketplaceError, marketplaceValidationError } from "../http/errors";
import { route, type Route } from "../http/router";
import type { Mode } from "../model";
import { ONBOARDING_LINK_TTL_MS, type Store } from "../store/store";
import { hasAtMostTwoDecimals, objectBody, rejectUnknown } from "./body";

// Marketplace: create sellers, hand out onboarding links, set weekly fees. Errors come in the two marketplace
// shapes. An onboarding URL exists only in the creation and link responses.

function requireAccount(store: Store, mode: Mode, id: string, path: string) {
  const account = store.get(mode, "connectedAccounts", id);
  if (!account) throw marketplaceError(404, "connected_account.not_found", "Connected account not found", path);
  return account;
}

/** Issues a fresh link, expiring every earlier link of the account. */
export function issueOnboardingLink(store: Store, mode: Mode, accountId: string, publicUrl: string): string {
  const now = store.now();
  for (const link of store.collection(mode, "onboardingLinks").all()) {
    if (link.accountId === accountId && link.expiredAt === null) store.save(mode, "onboardingLinks", { ...link, expiredAt: now.toISOString() });
  }
  const token = randomBytes(24).toString("base64url");
  store.save(mode, "onboardingLinks", {
    id: newId("olink"),
    accountId,
    token,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ONBOARDING_LINK_TTL_MS).toISOString(),
    expiredAt: null,
  });
  return `${publicUrl}/onboarding/${token}`;
}

export function connectedAccountRoutes(publicUrl: string): Route[] {
  return [
    route("POST", "/v1/connected-accounts", ({ mode, body, store }) => {
      const input = objectBody(body, marketplaceValidationError);
      rejectUnknown(input, ["businessName", "marketplaceAppFee"], marketplaceValidationError);
      const problems: string[] = [];
      const name = input.businessName;
      if (typeof name !== "string" || name.trim().length < 1 || name.length > 50) {
        problems.push("businessName must be a string between 1 and 50 characters");
      }
      const fee = input.marketplaceAppFee;
      if (fee !== undefined && (typeof fee !== "number" || !Number.isFinite(fee) || fee < 0 || fee > 100 || !hasAtMostTwoDecimals(fee))) {
        problems.push("marketplaceAppFee must be a number between 0 and 100 with at most two decimals");
      }
      if (problems.length > 0) throw marketplaceValidationError(...problems);

      const account = store.save(mode, "connectedAccounts", {
        id: newId("acct"),
        mode,
        status: "pending_onboarding",
        businessName: (name as string).trim(),
        marketplaceAppFee: (fee as number | undefined) ?? 0,
        createdAt: store.now().toISOString(),
      });
      store.save(mode, "weeklyFees", {
        id: account.id,
        marketplaceWeeklyFeeEnabled: false,
        marketplaceWeeklyFeeAmount: null,
        marketplaceWeeklyFeeCurrency: null,
        createdAt: account.createdAt,
      });
      return { status: 201, body: { ...account, onboardingUrl: issueOnboardingLink(store, mode, account.id, publicUrl) } };
    }),

    route("POST", "/v1/connected-accounts/:id/onboarding-link", ({ mode, params, store, path }) => {
      const account = requireAccount(store, mode, params.id!, path);
      if (account.status !== "pending_onboarding") {
        throw marketplaceError(409, "connected_account.already_onboarded", `The account is ${account.status}; onboarding is finished`, path);
      }
      return { status: 201, body: { id: account.id, onboardingUrl: issueOnboardingLink(store, mode, account.id, publicUrl) } };
    }),

    route("POST", "/v1/connected-accounts/:id/weekly-fees", ({ mode, params, body, store, path }) => {
      const account = requireAccount(store, mode, params.id!, path);
      const input = objectBody(body, marketplaceValidationError);
      rejectUnknown(input, ["marketplaceWeeklyFeeEnabled", "marketplaceWeeklyFeeAmount", "marketplaceWeeklyFeeCurrency"], marketplaceValidationError);
      const enabled = input.marketplaceWeeklyFeeEnabled;
      const amount = input.marketplaceWeeklyFeeAmount ?? null;
      const currency = input.marketplaceWeeklyFeeCurrency ?? null;
      const problems: string[] = [];
      if (typeof enabled !== "boolean") problems.push("marketplaceWeeklyFeeEnabled must be a boolean value");
      if (enabled === true) {
        if (!Number.isInteger(amount) || (amount as number) < WEEKLY_FEE_AMOUNT.min || (amount as number) > WEEKLY_FEE_AMOUNT.max) {
          problems.push(`marketplaceWeeklyFeeAmount must be an integer between ${WEEKLY_FEE_AMOUNT.min} and ${WEEKLY_FEE_AMOUNT.max}`);
        }
        if (!(WEEKLY_FEE_CURRENCIES as readonly unknown[]).includes(currency)) {
          problems.push(`marketplaceWeeklyFeeCurrency must be one of the following values: ${WEEKLY_FEE_CURRENCIES.join(", ")}`);
        }
      }
      if (enabled === false && (amount !== null || currency !== null)) {
        problems.push("marketplaceWeeklyFeeAmount and marketplaceWeeklyFeeCurrency must be null when the weekly fee is disabled");
      }
      if (problems.length > 0) throw marketplaceValidationError(...problems);

      const fee = store.save(mode, "weeklyFees", {
        id: account.id,
        marketplaceWeeklyFeeEnabled: enabled as boolean,
        marketplaceWeeklyFeeAmount: amount as number | null,
        marketplaceWeeklyFeeCurrency: currency as (typeof WEEKLY_FEE_CURRENCIES)[number] | null,
        createdAt: store.get(mode, "weeklyFees", account.id)?.createdAt ?? account.createdAt,
      });
      // createdAt only orders the store; the weekly fee record has exactly four fields.
      return {
        status: 201,
        body: {
          id: fee.id,
          marketplaceWeeklyFeeEnabled: fee.marketplaceWeeklyFeeEnabled,
          marketplaceWeeklyFeeAmount: fee.marketplaceWeeklyFeeAmount,
          marketplaceWeeklyFeeCurrency: fee.marketplaceWeeklyFeeCurrency,
        },
      };
    }),
  ];
}
