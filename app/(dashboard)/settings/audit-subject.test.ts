import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import { auditSubject } from "./audit-subject";

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
});
