import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import { auditSubject, auditSubjectHref } from "./audit-subject";

const entry = (subjectType: string, subjectId: string, after: unknown = null) => ({ subjectType, subjectId, before: null, after });
const strict = (locale: "es" | "en") =>
  translatorFor(locale, "America/Costa_Rica", (error) => {
    throw error;
  });

describe("auditSubject", () => {
  it("says what an entry was about in Spanish, with the mode in words, not the stored codes", () => {
    const t = strict("es");
    expect(auditSubject(entry("reconciliation", "test"), t)).toBe("Conciliación · Prueba");
    expect(auditSubject(entry("sync", "live.customers"), t)).toBe("Sincronización · Producción · Clientes");
    expect(auditSubject(entry("sync", "test.all"), t)).toBe("Sincronización · Prueba · todos los datos");
    expect(auditSubject(entry("subscription", "sub_1"), t)).toBe("Suscripción sub_1");
    expect(auditSubject(entry("webhook_event", "12"), t)).toBe("Evento 12");
    expect(auditSubject(entry("list", "failedRenewals"), t)).toBe("Lista · Renovaciones fallidas");
    expect(auditSubject(entry("list", "reconciliation-close"), t)).toBe("Lista · Cierre de período");
  });

  it("and in English", () => {
    const t = strict("en");
    expect(auditSubject(entry("reconciliation", "test"), t)).toBe("Reconciliation · Test");
    expect(auditSubject(entry("payment_intent", "pi_1"), t)).toBe("Payment pi_1");
    expect(auditSubject(entry("list", "checkout-sessions"), t)).toBe("List · Checkouts");
  });

  it("names an operator by e-mail, and shows a kind it does not know as stored", () => {
    const t = strict("es");
    expect(auditSubject(entry("operator", "7", { email: "ana@example.com" }), t)).toBe("ana@example.com");
    expect(auditSubject(entry("something_new", "x1"), t)).toBe("something_new x1");
  });

  it("names an operator by name and e-mail when it knows the name", () => {
    const t = strict("es");
    expect(auditSubject(entry("operator", "7", { email: "ana@example.com", name: "Ana Mora" }), t)).toBe("Ana Mora (ana@example.com)");
    // A sign-out row keeps no e-mail: the operator row read with it names them.
    expect(auditSubject({ ...entry("operator", "7", { sessionsEnded: true }), subjectName: "Ana Mora", subjectEmail: "ana@example.com" }, t)).toBe("Ana Mora (ana@example.com)");
  });

  it("says which transfers and payment a reconciliation decision was about, not its internal number", () => {
    const es = strict("es");
    const en = strict("en");
    const ref = "2026112500001234567890123";
    const confirmed = entry("reconciliation_match", "4409", { state: "confirmed", transferRefs: [ref], paymentIntentId: "pi_9" });
    expect(auditSubject(confirmed, es)).toBe(`SINPE ${ref} → pago pi_9`);
    expect(auditSubject(confirmed, en)).toBe(`SINPE ${ref} → payment pi_9`);
    const set = entry("reconciliation_match", "12", { transferRefs: [ref, "x2", "x3"], paymentIntentId: "pi_9" });
    expect(auditSubject(set, es)).toBe(`SINPE ${ref} y 2 más → pago pi_9`);
    const accepted = entry("reconciliation_match", "13", { transferRefs: [ref], paymentIntentId: null });
    expect(auditSubject(accepted, en)).toBe(`SINPE ${ref}`);
    expect(auditSubjectHref(confirmed)).toBe(`/reconciliation/transfers/${ref}`);
    // An undo's after says "undone"; its before still names the transfers.
    expect(auditSubjectHref({ subjectType: "reconciliation_match", subjectId: "1", before: { transferRefs: [ref] }, after: { state: "undone" } })).toBe(`/reconciliation/transfers/${ref}`);
  });

  it("says which period a close was about, and opens it", () => {
    const t = strict("es");
    const closed = entry("reconciliation_closure", "1", { kind: "day", from: "2026-11-20", to: "2026-11-20", currency: "CRC" });
    expect(auditSubject(closed, t)).toBe("Cierre del día 2026-11-20 · CRC");
    expect(auditSubjectHref(closed)).toBe("/reconciliation/close?kind=day&date=2026-11-20&currency=CRC");
    const reopened = { subjectType: "reconciliation_closure", subjectId: "2", before: { kind: "week", from: "2026-11-16", to: "2026-11-22", currency: "USD" }, after: { reopened: true } };
    expect(auditSubject(reopened, strict("en"))).toBe("Close of the week 2026-11-16 to 2026-11-22 · USD");
    expect(auditSubjectHref(reopened)).toBe("/reconciliation/close?kind=week&date=2026-11-16&currency=USD");
  });

  it("links each object that has a page, and nothing else", () => {
    expect(auditSubjectHref(entry("payment_intent", "pi_1"))).toBe("/payments/pi_1");
    expect(auditSubjectHref(entry("subscription", "sub_1"))).toBe("/subscriptions/sub_1");
    expect(auditSubjectHref(entry("connected_account", "acct_1"))).toBe("/marketplace/acct_1");
    expect(auditSubjectHref(entry("connected_account", "new"))).toBeNull();
    expect(auditSubjectHref(entry("webhook_event", "12"))).toBe("/events/12");
    expect(auditSubjectHref(entry("list", "failedRenewals", { filters: { state: "exhausted" } }))).toBe("/renewals/failed?state=exhausted");
    expect(auditSubjectHref(entry("operator", "7", { email: "a@b.cr" }))).toBeNull();
    expect(auditSubjectHref(entry("sync", "test.all"))).toBeNull();
  });
});
