import { describe, expect, it } from "vitest";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { checkout } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import {
  checkoutSessionKey,
  countCheckoutSessions,
  getCheckoutSession,
  listCheckoutSessions,
  urlOfCheckoutSessionKey,
} from "./checkout-sessions";

// Every session here arrives as a checkout-session.succeeded delivery through the webhook receiver, the only way
// sessions reach the database in production.

const test = freshTestDatabase();

type Data = ReturnType<typeof checkout>["data"];
const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 16, minute)).toISOString();

/** The sample event's data with some fields changed (any shape: the receiver's schema decides what is stored). */
async function paid(url: string, changes: Record<string, unknown> = {}, mode: "test" | "live" = "test") {
  const event = checkout(url);
  const data = { ...event.data, mode, ...changes } as Data;
  const result = await receiveDelivery(test.db, mode, JSON.stringify({ ...event, data }));
  expect(result.status).toBe("processed");
  return data;
}

const line = (name: string, currency: string, amount: number) => ({ name, description: "", currency, amount });
const urls = (page: { items: { url: string }[] }) => page.items.map((s) => s.url);

describe("checkout sessions: list", () => {
  it("pages newest first with cursors, back to the same page, and counts every session", async () => {
    for (let i = 0; i < 7; i++) await paid(`https://pay.example/cs_page_${i}`, { createdAt: at(i), metadata: { lote: "paginas" } });
    const filters = { mode: "test" as const, metadataValue: "paginas" };
    const first = await listCheckoutSessions(test.db, filters, { limit: 3 });
    expect(urls(first)).toEqual(["https://pay.example/cs_page_6", "https://pay.example/cs_page_5", "https://pay.example/cs_page_4"]);
    expect(first.total).toBe(7);
    expect(first.prev).toBeUndefined();
    const second = await listCheckoutSessions(test.db, filters, { limit: 3, startingAfter: first.next });
    expect(urls(second)).toEqual(["https://pay.example/cs_page_3", "https://pay.example/cs_page_2", "https://pay.example/cs_page_1"]);
    const third = await listCheckoutSessions(test.db, filters, { limit: 3, startingAfter: second.next });
    expect(urls(third)).toEqual(["https://pay.example/cs_page_0"]);
    expect(third.next).toBeUndefined();
    const back = await listCheckoutSessions(test.db, filters, { limit: 3, endingBefore: second.prev });
    expect(urls(back)).toEqual(urls(first));
    expect(back.prev).toBeUndefined();
    expect(back.next).toBe(first.next);
  });

  it("breaks ties on the same instant by URL, so no session is skipped or repeated across pages", async () => {
    for (const suffix of ["a", "b", "c", "d"]) await paid(`https://pay.example/cs_tie_${suffix}`, { createdAt: at(30), metadata: { lote: "empate" } });
    const filters = { mode: "test" as const, metadataValue: "empate" };
    const one = await listCheckoutSessions(test.db, filters, { limit: 3 });
    const two = await listCheckoutSessions(test.db, filters, { limit: 3, startingAfter: one.next });
    expect([...urls(one), ...urls(two)]).toEqual(["d", "c", "b", "a"].map((s) => `https://pay.example/cs_tie_${s}`));
  });

  it("keeps the modes apart, in the list, the count, the detail and a cursor", async () => {
    await paid("https://pay.example/cs_live_only", { metadata: { lote: "modos" } }, "live");
    await paid("https://pay.example/cs_test_only", { metadata: { lote: "modos" } });
    expect(urls(await listCheckoutSessions(test.db, { mode: "live", metadataValue: "modos" }, { limit: 10 }))).toEqual(["https://pay.example/cs_live_only"]);
    expect(await countCheckoutSessions(test.db, { mode: "test", metadataValue: "modos" })).toBe(1);
    expect(await getCheckoutSession(test.db, { mode: "test", url: "https://pay.example/cs_live_only" })).toBeNull();
    const liveKey = checkoutSessionKey("https://pay.example/cs_live_only");
    expect((await listCheckoutSessions(test.db, { mode: "test", metadataValue: "modos" }, { limit: 10, startingAfter: liveKey })).items).toEqual([]);
  });

  it("filters by payment status, currency, customer and creation time", async () => {
    await paid("https://pay.example/cs_f_unpaid", { paymentStatus: "unpaid", createdAt: at(40), metadata: { lote: "filtros" } });
    await paid("https://pay.example/cs_f_usd", {
      currency: "USD",
      amountTotal: 2_500,
      lineItems: [line("Camiseta", "USD", 2_500)],
      customer: { id: "cus_beto", name: "Beto Solís", phone: "+50677776666", email: "beto@example.com" },
      createdAt: at(41),
      metadata: { lote: "filtros" },
    });
    await paid("https://pay.example/cs_f_crc", { createdAt: at(42), metadata: { lote: "filtros" } });
    const list = (filters: object) => listCheckoutSessions(test.db, { mode: "test", metadataValue: "filtros", ...filters }, { limit: 10 }).then(urls);
    expect(await list({ paymentStatus: "unpaid" })).toEqual(["https://pay.example/cs_f_unpaid"]);
    expect(await list({ paymentStatus: "paid" })).toEqual(["https://pay.example/cs_f_crc", "https://pay.example/cs_f_usd"]);
    expect(await list({ currency: "usd" })).toEqual(["https://pay.example/cs_f_usd"]);
    expect(await list({ customerId: "cus_beto" })).toEqual(["https://pay.example/cs_f_usd"]);
    expect(await list({ createdFrom: new Date(at(41)), createdBefore: new Date(at(42)) })).toEqual(["https://pay.example/cs_f_usd"]);
  });

  it("refuses both cursors at once, and answers an unreadable cursor with an empty page", async () => {
    const key = checkoutSessionKey("https://pay.example/cs_page_1");
    await expect(listCheckoutSessions(test.db, { mode: "test" }, { limit: 3, startingAfter: key, endingBefore: key })).rejects.toThrow(RangeError);
    expect(await listCheckoutSessions(test.db, { mode: "test" }, { limit: 3, startingAfter: "not a key!" })).toEqual({ items: [], total: 0 });
  });
});

describe("checkout sessions: search by metadata value", () => {
  it("finds a session by any of its metadata values, exactly, and not by a key", async () => {
    await paid("https://pay.example/cs_meta_1", { metadata: { pedido: "ORD-2026-0042", canal: "web" } });
    await paid("https://pay.example/cs_meta_2", { metadata: { pedido: "ORD-2026-0043" } });
    await paid("https://pay.example/cs_meta_none", { metadata: null });
    const search = (metadataValue: string) => listCheckoutSessions(test.db, { mode: "test", metadataValue }, { limit: 10 }).then(urls);
    expect(await search("ORD-2026-0042")).toEqual(["https://pay.example/cs_meta_1"]);
    expect(await search("  ORD-2026-0043 ")).toEqual(["https://pay.example/cs_meta_2"]);
    expect(await search("pedido")).toEqual([]);
    expect(await search("ORD-2026")).toEqual([]);
  });

  it("matches a value with quotes, dollars and jsonpath syntax literally", async () => {
    const odd = `dijo "hola" $v ? (@ == "x") || true`;
    await paid("https://pay.example/cs_meta_odd", { metadata: { nota: odd } });
    const search = (metadataValue: string) => listCheckoutSessions(test.db, { mode: "test", metadataValue }, { limit: 10 }).then(urls);
    expect(await search(odd)).toEqual(["https://pay.example/cs_meta_odd"]);
    expect(await search(`" || true || "`)).toEqual([]);
  });
});

describe("checkout sessions: line items against the total", () => {
  it("says when the line items add up to the total, and when they do not, with their sum", async () => {
    await paid("https://pay.example/cs_sum_ok", { metadata: { lote: "sumas" }, createdAt: at(50) });
    await paid("https://pay.example/cs_sum_short", {
      metadata: { lote: "sumas" },
      createdAt: at(51),
      amountTotal: 3_000_000,
      lineItems: [line("Café", "CRC", 1_250_000), line("Taza", "CRC", 1_250_000)],
    });
    await paid("https://pay.example/cs_sum_currency", {
      metadata: { lote: "sumas" },
      createdAt: at(52),
      amountTotal: 2_500_000,
      lineItems: [line("Café", "CRC", 1_250_000), line("Envío", "USD", 1_250_000)],
    });
    await paid("https://pay.example/cs_sum_empty", { metadata: { lote: "sumas" }, createdAt: at(53), amountTotal: 1_000, lineItems: [] });
    const page = await listCheckoutSessions(test.db, { mode: "test", metadataValue: "sumas" }, { limit: 10 });
    const byUrl = Object.fromEntries(page.items.map((s) => [s.url.split("/").at(-1), { total: s.lineItemsTotal, ok: s.lineItemsAddUp, n: s.lineItemCount }]));
    expect(byUrl).toEqual({
      cs_sum_ok: { total: 2_500_000, ok: true, n: 2 },
      cs_sum_short: { total: 2_500_000, ok: false, n: 2 },
      cs_sum_currency: { total: 2_500_000, ok: false, n: 2 },
      cs_sum_empty: { total: null, ok: false, n: 0 },
    });
    const mismatched = await listCheckoutSessions(test.db, { mode: "test", metadataValue: "sumas", mismatchedOnly: true }, { limit: 10 });
    expect(urls(mismatched).sort()).toEqual(["https://pay.example/cs_sum_currency", "https://pay.example/cs_sum_empty", "https://pay.example/cs_sum_short"]);
  });
});

describe("checkout sessions: one session", () => {
  it("opens a session by the key in its page's URL, with line items, metadata and the customer from its event", async () => {
    const url = "https://pay.example/checkout/cs_detail?ref=ig&x=é";
    const sent = await paid(url, { metadata: { pedido: "ORD-7" } });
    const key = checkoutSessionKey(url);
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(urlOfCheckoutSessionKey(key)).toBe(url);
    const session = await getCheckoutSession(test.db, { mode: "test", url: urlOfCheckoutSessionKey(key)! });
    expect(session).toMatchObject({
      url,
      paymentStatus: "paid",
      currency: "CRC",
      amountTotal: 2_500_000,
      customerId: "cus_ana",
      customerName: "Ana Mora Vargas",
      customerEmail: "ana@example.com",
      metadata: { pedido: "ORD-7" },
      lineItemsTotal: 2_500_000,
      lineItemsAddUp: true,
      lineItems: sent.lineItems,
    });
    expect(session!.createdAt).toEqual(new Date(sent.createdAt));
    expect(session!.receivedAt).toBeInstanceOf(Date);
  });

  it("reads a hand-edited key as no session rather than failing", async () => {
    for (const key of ["", "a b", "%2F", "////"]) expect(urlOfCheckoutSessionKey(key), key).toBeNull();
    expect(await getCheckoutSession(test.db, { mode: "test", url: "https://pay.example/never" })).toBeNull();
  });
});
