import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createConnectedAccount, getConnectedAccount, listConnectedAccounts } from "@/lib/payments/connected-accounts";
import { listMobileTransfers } from "@/lib/payments/mobile-transfers";
import { buildQuery } from "@/lib/payments/page";
import { paths } from "@/lib/payments/paths";
import { listRenewals } from "@/lib/payments/renewals";
import {
  customerListSchema,
  MOBILE_TRANSFER_STATUSES,
  mobileTransferListSchema,
  paymentIntentListSchema,
  productListSchema,
  renewalListSchema,
  subscriptionListSchema,
} from "@/lib/payments/schemas";
import { ids, rawJson, walk } from "./helpers";
import { conformanceSuite, onSandbox } from "./target";

// The spec's "List envelopes": each list parsed with the client's own schema, and its meta checked for what it
// promises (total, pages, limit and the cursors under their endpoint's names).

const suite = conformanceSuite();

const listMetaCases = [
  ["customers", paths.customers, customerListSchema],
  ["payment intents", paths.paymentIntents, paymentIntentListSchema],
  ["products", paths.products, productListSchema],
  ["subscriptions", paths.subscriptions, subscriptionListSchema],
] as const;

describe("list envelopes", () => {
  it.each(listMetaCases)("%s: data and list meta (total, pages, limit, cursorNext, cursorBefore)", async (_name, path, schema) => {
    const { data, meta } = await suite.client.get(path, schema, buildQuery({ limit: 5 }));
    expect(data.length).toBeGreaterThan(0);
    expect(meta).toMatchObject({ limit: 5, pages: Math.ceil(meta.total / 5) });
    expect(data.length).toBe(Math.min(5, meta.total));
    if (meta.total > 5) {
      // cursorNext is the last record of the page, to send as startingAfter.
      expect(meta.cursorNext).toBe(data.at(-1)!.id);
      const next = await suite.client.get(path, schema, buildQuery({ limit: 5, startingAfter: meta.cursorNext! }));
      expect(next.meta.cursorBefore).toBe(next.data[0]!.id);
      expect(next.data.map((r) => r.id)).not.toContain(data.at(-1)!.id);
    }
  });

  it("renewals: renewal meta names its cursors startingAfter / endingBefore, and they walk 2 pages", async () => {
    const first = await suite.client.get(paths.renewals, renewalListSchema, buildQuery({ limit: 10 }));
    expect(first.meta).toMatchObject({ limit: 10, pages: Math.ceil(first.meta.total / 10) });
    expect(first.meta.total).toBeGreaterThan(20);
    expect(first.meta).not.toHaveProperty("cursorNext");
    expect(first.meta.startingAfter).toBe(first.data.at(-1)!.id);

    const second = await suite.client.get(paths.renewals, renewalListSchema, buildQuery({ limit: 10, startingAfter: first.meta.startingAfter! }));
    expect(second.data).toHaveLength(10);
    expect(second.meta.endingBefore).toBe(second.data[0]!.id);
    const back = await suite.client.get(paths.renewals, renewalListSchema, buildQuery({ limit: 10, endingBefore: second.meta.endingBefore! }));
    expect(back.data.map((r) => r.id)).toEqual(first.data.map((r) => r.id));

    // The typed function reads the same cursors into a Page.
    const page = await listRenewals(suite.client, { limit: 10 });
    expect(ids(page)).toEqual(first.data.map((r) => r.id));
    expect(page.next).toBe(first.meta.startingAfter);
  });

  describe("mobile transfers: meta total and hasMore; filters status, SINPERefNumber, originId", () => {
    it("says hasMore on every page but the last, and the pages add up to total", async () => {
      const raw = await suite.client.get(paths.mobileTransfers, mobileTransferListSchema, buildQuery({ limit: 10 }));
      expect(Object.keys(raw.meta).sort()).toEqual(["hasMore", "total"]);
      const pages = await walk((cursor) => listMobileTransfers(suite.client, { limit: 10, startingAfter: cursor }));
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect(pages.slice(0, -1).every((page) => page.hasMore === true)).toBe(true);
      expect(pages.at(-1)!.hasMore).toBe(false);
      const all = pages.flatMap((page) => ids(page));
      expect(new Set(all).size).toBe(all.length);
      expect(all.length).toBe(pages[0]!.total);
    });

    it("filters by status, SINPERefNumber and originId", async () => {
      const everything = (await walk((cursor) => listMobileTransfers(suite.client, { limit: 100, startingAfter: cursor }))).flatMap((p) => p.items);
      for (const status of MOBILE_TRANSFER_STATUSES) {
        const expected = everything.filter((t) => t.status === status).length;
        const page = await listMobileTransfers(suite.client, { limit: 100, status });
        expect(page.total, status).toBe(expected);
        expect(page.items.every((t) => t.status === status), status).toBe(true);
      }
      // The seed has every status, so on the sandbox each filter above was checked against records, not an empty list.
      if (onSandbox) expect(new Set(everything.map((t) => t.status))).toEqual(new Set(MOBILE_TRANSFER_STATUSES));

      const sample = everything[Math.floor(everything.length / 2)]!;
      const byReference = await listMobileTransfers(suite.client, { SINPERefNumber: sample.SINPERefNumber });
      expect(ids(byReference)).toEqual([sample.id]);

      const byOrigin = await listMobileTransfers(suite.client, { limit: 100, originId: sample.originId });
      expect(byOrigin.items.every((t) => t.originId === sample.originId)).toBe(true);
      expect(byOrigin.total).toBe(everything.filter((t) => t.originId === sample.originId).length);
      expect(ids(byOrigin)).toContain(sample.id);
    });
  });

  it("connected accounts: data and list meta, with no onboardingUrl on list or get records", async () => {
    const created = await createConnectedAccount(suite.client, { businessName: "Pulpería La Amistad", marketplaceAppFee: 2.5 });
    expect(created.onboardingUrl).toBeTruthy();

    // The client's schema drops an onboardingUrl from these records, so the bodies are read raw to see what was sent.
    const list = z.object({ data: z.array(z.record(z.string(), z.unknown())), meta: z.record(z.string(), z.unknown()) })
      .parse(await suite.client.get(paths.connectedAccounts, rawJson, buildQuery({ limit: 100 })));
    expect(list.data.map((a) => a.id)).toContain(created.id);
    for (const account of list.data) expect(account).not.toHaveProperty("onboardingUrl");
    const one = await suite.client.get(paths.connectedAccount(created.id), rawJson);
    expect(one).toMatchObject({ id: created.id, businessName: "Pulpería La Amistad", marketplaceAppFee: 2.5, mode: "test" });
    expect(one).not.toHaveProperty("onboardingUrl");

    const page = await listConnectedAccounts(suite.client, { limit: 100 });
    expect(page.total).toBe(list.meta.total);
    expect((await getConnectedAccount(suite.client, created.id)).status).toBe(created.status);
  });
});
