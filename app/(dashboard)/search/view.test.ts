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
    expect(view.items[0]?.detail).toContain("Exitoso · Ana Mora");
  });

  it("lists several hits instead of choosing one, a transfer by its reference", () => {
    const customer: SearchHit = { type: "customer", id: "cus_1", name: "Ana Mora", email: "ana@x.cr", phone: "+50688123456", sources: ["service"] };
    const view = describeOutcome(searchable("8812-3456"), outcome({ hits: [customer, transferHit] }), formatting("en"));
    expect(view.navigateTo).toBeNull();
    expect(view.heading).toBe("2 results for “8812-3456”");
    expect(view.items.map((item) => item.href)).toEqual(["/customers/cus_1", "/transfers/2026110112000012345678901"]);
    expect(view.items[1]).toMatchObject({ kind: "SINPE transfer", id: "2026110112000012345678901" });
  });

  it("opens a renewal's subscription, and never jumps to a connected account, which has no page", () => {
    const renewal: SearchHit = { type: "renewal", id: "inv_1", status: "open", total: 990, currency: "USD", subscriptionId: "sub_9", periodStart: "2026-10-01T06:00:00.000Z", periodEnd: "2026-11-01T06:00:00.000Z" };
    expect(describeOutcome(searchable("inv_1abc"), outcome({ hits: [renewal] }), formatting()).navigateTo).toBe("/subscriptions/sub_9");
    const account: SearchHit = { type: "connected_account", id: "acct_1", businessName: "Soda La Esquina", status: "brand_new_status", createdAt: "2026-10-01T06:00:00.000Z" };
    const view = describeOutcome(searchable("acct_1abc"), outcome({ hits: [account] }), formatting());
    expect(view.navigateTo).toBeNull();
    expect(view.items[0]).toMatchObject({ href: null, title: "Soda La Esquina" });
    // A status the catalogs do not know is shown as sent.
    expect(view.items[0]?.detail).toContain("brand_new_status");
    expect(view.items[0]?.detail).toContain("Sin página de detalle");
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
