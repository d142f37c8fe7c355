import { describe, expect, it } from "vitest";
import { paymentsList } from "../payments/list";
import { renewalsList } from "../renewals/list";
import { failedRenewalsHref, paymentsHref, renewalsHref } from "./links";
import { failedRenewalsList } from "../renewals/failed/list";
import { overviewPeriods } from "@/lib/local-days";

// Each link must survive the target list's own URL parsing: a value it does not accept would silently drop the filter.
const params = (href: string) => new URL(href, "http://x").searchParams;

describe("overview links", () => {
  const { today, week } = overviewPeriods(new Date("2026-11-18T18:00:00Z"), "America/Costa_Rica");

  it("opens the payments list on the outcome's status and the period's days", () => {
    expect(paymentsList.parse(params(paymentsHref("succeeded", today)))).toMatchObject({ status: "succeeded", from: "2026-11-18", to: "2026-11-18" });
    expect(paymentsList.parse(params(paymentsHref("deferred", week)))).toMatchObject({ status: "processing", from: "2026-11-16", to: "2026-11-18" });
    expect(paymentsList.parse(params(paymentsHref("failed", week)))).toMatchObject({ status: "requires_payment_method" });
  });

  it("opens the renewals lists on a status they accept", () => {
    expect(renewalsList.parse(params(renewalsHref("uncollectible")))).toMatchObject({ status: "uncollectible" });
    expect(renewalsList.parse(params(renewalsHref("open")))).toMatchObject({ status: "open" });
    expect(failedRenewalsList.parse(params(failedRenewalsHref("retrying")))).toMatchObject({ state: "retrying" });
    expect(failedRenewalsList.parse(params(failedRenewalsHref("exhausted")))).toMatchObject({ state: "exhausted" });
  });
});
