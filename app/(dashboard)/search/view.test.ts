import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/config";
import { PaymentServiceError } from "@/lib/payments/errors";
import { classifyQuery, type ClassifiedQuery } from "@/lib/search/classify";
import type { SearchHit, SearchOutcome } from "@/lib/search/types";
import { describeInvalid, describeOutcome } from "./view";
import { translatorFor } from "@/lib/i18n/translator";

// What the operator reads after a search, in both languages: where it goes, what each hit says, and how far the
// search looked when it found nothing.

const formatting = (locale: Locale = "es") => ({
  t: translatorFor(locale, "America/Costa_Rica"),
  locale: locale === "es" ? "es-CR" : "en-US",
  timeZone: "America/Costa_Rica",
});

const searchable = (text: string) => {
  const query = classifyQuery(text);
  if (query.kind === "invalid") throw new Error(text);
  return query as Exclude<ClassifiedQuery, { kind: "invalid" }>;
};

const outcome = (fields: Partial<SearchOutcome>): SearchOutcome => ({ mode: "test", hits: [], coverage: [], failures: [], truncated: false, ...fields });

const intent: SearchHit = { type: "payment_intent", id: "pi_1", status: "succeeded", amount: 1_250_000, currency: "CRC", customerName: "Ana Mora", createdAt: "2026-11-01T18:30:00.000Z" };
const transferHit: SearchHit = {
  type: "transfer",
  reference: "2026110112000012345678901",
  amount: 500_000,
  currency: "CRC",
  originName: "Ana Mora",
  originPhone: "8812-3456",
  at: "2026-11-01T18:30:00.000Z",
  status: null,
  sources: ["webhooks"],
};

describe("describeOutcome", () => {
  it("goes straight to the page of a single exact hit, and says what it is", () => {
    const view = describeOutcome(searchable("pi_1abc"), outcome({ hits: [intent], coverage: [{ source: "service_ids", kinds: ["payment_intent"] }] }), formatting());
    expect(view.navigateTo).toBe("/payments/pi_1");
    expect(view.items[0]).toMatchObject({ kind: "Pago", title: expect.stringMatching(/^₡12\s500,00$/), id: "pi_1" });
    expect(view.items[0]?.facts.join(" · ")).toContain("Exitoso · Ana Mora");
  });

  it("lists several hits instead of choosing one, a transfer by its reference", () => {
    const customer: SearchHit = { type: "customer", id: "cus_1", name: "Ana Mora", email: "ana@x.cr", phone: "+50688123456", createdAt: null, sources: ["service"] };
    const view = describeOutcome(searchable("8812-3456"), outcome({ hits: [customer, transferHit] }), formatting("en"));
    expect(view.navigateTo).toBeNull();
    expect(view.heading).toBe("2 results for “8812-3456”");
    expect(view.items.map((item) => item.href)).toEqual(["/customers/cus_1", "/transfers/2026110112000012345678901"]);
    expect(view.items[1]).toMatchObject({ kind: "SINPE transfer", id: "2026110112000012345678901" });
  });

  it("writes a transfer's sender phone as every other phone is written, however SINPE sent it", () => {
    const sent = ["50688123456", "+506 8812 3456", "88123456"].map((originPhone, i) => ({ ...transferHit, reference: `ref${i}`, originPhone }));
    const view = describeOutcome(searchable("8812-3456"), outcome({ hits: sent }), formatting());
    expect(view.items.map((item) => item.facts[1])).toEqual(["+506 8812-3456", "+506 8812-3456", "8812-3456"]);
  });

  it("opens a renewal's subscription, and never jumps to a connected account, which has no page", () => {
    const renewal: SearchHit = { type: "renewal", id: "inv_1", status: "open", total: 990, currency: "USD", subscriptionId: "sub_9", periodStart: "2026-10-01T06:00:00.000Z", periodEnd: "2026-11-01T06:00:00.000Z" };
    expect(describeOutcome(searchable("inv_1abc"), outcome({ hits: [renewal] }), formatting()).navigateTo).toBe("/subscriptions/sub_9");
    const account: SearchHit = { type: "connected_account", id: "acct_1", businessName: "Soda La Esquina", status: "brand_new_status", createdAt: "2026-10-01T06:00:00.000Z" };
    const view = describeOutcome(searchable("acct_1abc"), outcome({ hits: [account] }), formatting());
    expect(view.navigateTo).toBeNull();
    expect(view.items[0]).toMatchObject({ href: null, title: "Soda La Esquina" });
    // A status the catalogs do not know is shown as sent.
    expect(view.items[0]?.facts.join(" · ")).toContain("brand_new_status");
    expect(view.items[0]?.facts.join(" · ")).toContain("Sin página de detalle");
  });

  it("does not jump to a hit when a lookup failed, and says which and what to do", () => {
    const error = new PaymentServiceError({ kind: "network", message: "down" });
    const view = describeOutcome(searchable("8812-3456"), outcome({ hits: [transferHit], failures: [{ source: "customer_scan", error }] }), formatting());
    expect(view.navigateTo).toBeNull();
    expect(view.problems).toEqual([expect.stringContaining("No pudimos leer la lista de clientes del servicio de pagos.")]);
  });

  it("explains nothing found: what the query was taken for, where it looked and how far, in which mode", () => {
    const view = describeOutcome(
      searchable("nadie@example.com"),
      outcome({ coverage: [{ source: "webhook_customers" }, { source: "customer_scan", scanned: 500, total: 2000, complete: false }] }),
      formatting(),
    );
    expect(view).toMatchObject({ status: "nothing", heading: "No encontramos nada para «nadie@example.com»", navigateTo: null });
    expect(view.searched).toBe("Lo buscamos como correo electrónico de un cliente:");
    expect(view.where).toEqual([
      "Revisamos los clientes que nombran las notificaciones recibidas (pagos, renovaciones y sesiones de pago).",
      "Leímos los 500 clientes más recientes del servicio de pagos, que no permite buscar clientes por correo ni por teléfono.",
      expect.stringMatching(/^Tiene 2\D?000 clientes en total/),
    ]);
    expect(view.notes).toEqual(["Solo en modo prueba. Si es del otro modo, cámbialo arriba."]);
  });

  it("names every kind an id was asked as, and says when the whole customer list was read", () => {
    const ids = describeOutcome(searchable("x9y8z7"), outcome({ coverage: [{ source: "service_ids", kinds: ["customer", "payment_intent", "renewal"] }] }), formatting("en"));
    expect(ids.where).toEqual(["We asked the Payment Service for a customer, a payment, or a renewal with that id."]);
    const scan = describeOutcome(searchable("a@b.cr"), outcome({ mode: "live", coverage: [{ source: "customer_scan", scanned: 80, total: 80, complete: true }] }), formatting("en"));
    expect(scan.where).toEqual(["We read the Payment Service's whole customer list: 80 customers."]);
    expect(scan.notes).toEqual(["In live mode only. If it belongs to the other mode, switch above."]);
  });
});

describe("a customer's name", () => {
  const maria = (id: string, email: string, phone: string, createdAt: string): SearchHit => ({ type: "customer", id, name: "María Rodríguez Mora", email, phone, createdAt, sources: ["copy"] });
  const copy = (complete: boolean, rows: number | null) => ({ source: "customer_copy" as const, complete, rows });

  it("lists namesakes with their e-mail, phone and since when, and says how it compared the words", () => {
    const hits = [maria("cus_a", "maria@gmail.com", "+50675112363", "2026-03-02T18:00:00.000Z"), maria("cus_b", "mrm@ice.co.cr", "+50688001122", "2025-07-15T18:00:00.000Z")];
    const view = describeOutcome(searchable("María Rodríguez"), outcome({ hits, coverage: [copy(true, 2140), { source: "checkout_metadata" }] }), formatting());
    expect(view).toMatchObject({ status: "found", heading: "2 resultados para «María Rodríguez»", navigateTo: null });
    expect(view.items.map((item) => [item.href, item.title, item.facts.join(" · ")])).toEqual([
      ["/customers/cus_a", "María Rodríguez Mora", "maria@gmail.com · +506 7511-2363 · cliente desde el 2 mar 2026"],
      ["/customers/cus_b", "María Rodríguez Mora", "mrm@ice.co.cr · +506 8800-1122 · cliente desde el 15 jul 2025"],
    ]);
    expect(view.searched).toBe("Lo buscamos como nombre de un cliente: cada palabra al comienzo de una palabra del nombre, en cualquier orden, sin tildes ni mayúsculas:");
    expect(view.where[0]).toMatch(/^Buscamos en la copia local de los clientes \(2\D?140 clientes\)/);
    expect(view.more).toBeNull();
  });

  it("sends more namesakes than it shows to the Customers list filtered by that name", () => {
    const hits = Array.from({ length: 20 }, (_, i) => maria(`cus_${i}`, `m${i}@gmail.com`, "+50675112363", "2026-03-02T18:00:00.000Z"));
    const view = describeOutcome(searchable("María Rodríguez"), outcome({ hits, truncated: true, coverage: [copy(true, 2140)] }), formatting("en"));
    expect(view.more).toEqual({ href: "/customers?q=Mar%C3%ADa%20Rodr%C3%ADguez", label: "See them all in Customers, filtered by that name" });
    expect(view.notes[0]).toBe("Showing the 20 most recent of each kind; there may be more.");
  });

  it("opens a single hit as any search does, but not while the copy is incomplete: a namesake may be missing", () => {
    const one = [maria("cus_a", "maria@gmail.com", "+50675112363", "2026-03-02T18:00:00.000Z")];
    expect(describeOutcome(searchable("rodriguez maria"), outcome({ hits: one, coverage: [copy(true, 10)] }), formatting()).navigateTo).toBe("/customers/cus_a");
    const partial = describeOutcome(searchable("rodriguez maria"), outcome({ hits: one, coverage: [copy(false, 10)] }), formatting("en"));
    expect(partial.navigateTo).toBeNull();
    expect(partial.where).toEqual([expect.stringMatching(/^The local copy of the customers is not complete yet \(10 customers copied\)/)]);
    const none = describeOutcome(searchable("rodriguez"), outcome({ coverage: [copy(false, null), { source: "service_ids", kinds: ["customer"] }] }), formatting("en"));
    expect(none.searched).toContain("and as an id without prefix");
    expect(none.where[0]).toMatch(/^There is no local copy of the customers yet/);
  });
});

describe("describeInvalid", () => {
  it("says what is wrong with the query, counting a reference's digits", () => {
    const short = classifyQuery("202611011200001234567890");
    if (short.kind !== "invalid") throw new Error("expected invalid");
    expect(describeInvalid(short, formatting())).toMatchObject({ status: "invalid", heading: expect.stringContaining("tiene 24") });
    const empty = classifyQuery(" ");
    if (empty.kind !== "invalid") throw new Error("expected invalid");
    expect(describeInvalid(empty, formatting("en")).status).toBe("empty");
  });
});
