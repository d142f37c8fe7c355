import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import { changesLine, presentAudit, wordedChanges } from "./present";
import { redact, toAuditRow } from "./rows";

const strict = (locale: "es" | "en") =>
  translatorFor(locale, "America/Costa_Rica", (error) => {
    throw error;
  });

const listed = (over: Partial<Parameters<typeof toAuditRow>[0]> = {}) =>
  toAuditRow({
    id: 1, at: new Date("2026-11-20T15:00:00Z"), actor: "ana@example.com", operatorId: "00000000-0000-4000-8000-000000000001", operatorName: "Ana Mora", operatorEmail: "ana@example.com",
    action: "reconciliation.confirmed", subjectType: "reconciliation_match", subjectId: "4409", mode: "test", subjectName: null, subjectEmail: null,
    before: { state: "suggested", transferRefs: ["r1"], paymentIntentId: "pi_1", note: null },
    after: { state: "confirmed", transferRefs: ["r1"], paymentIntentId: "pi_1", note: "ok" },
    ...over,
  });

describe("an audit row in words", () => {
  it("names the operator, words the action and subject, and links the subject in its own mode only", () => {
    const row = presentAudit(listed(), strict("es"), "test");
    expect(row).toMatchObject({ who: "Ana Mora", whoEmail: "ana@example.com", actionText: "Sugerencia de conciliación confirmada", subjectText: "SINPE r1 → pago pi_1", subjectHref: "/reconciliation/transfers/r1", modeText: "Prueba", otherMode: false });
    const live = presentAudit(listed(), strict("en"), "live");
    expect(live).toMatchObject({ actionText: "Reconciliation suggestion confirmed", subjectHref: null, otherMode: true });
  });

  it("names the command line as such, and keeps an unknown action's code", () => {
    const row = presentAudit(listed({ actor: "cli:root", operatorId: null, operatorName: null, operatorEmail: null, action: "something.new" }), strict("es"), "test");
    expect(row).toMatchObject({ who: "Línea de comandos (root)", whoEmail: null, actionText: null, action: "something.new" });
  });

  it("names a row written by no operator once, in words: npm run dev's first set-up, an operator since deleted", () => {
    const setup = listed({ actor: "dev-setup", operatorId: null, operatorName: null, operatorEmail: null, action: "operator.create" });
    expect(presentAudit(setup, strict("es"), "test")).toMatchObject({ who: "Configuración inicial (dev)", whoEmail: null });
    expect(presentAudit(setup, strict("en"), "test")).toMatchObject({ who: "Initial setup (dev)", whoEmail: null });
    const gone = listed({ actor: "old@example.com", operatorId: null, operatorName: null, operatorEmail: null });
    expect(presentAudit(gone, strict("es"), "test")).toMatchObject({ who: "old@example.com", whoEmail: null });
    const system = listed({ actor: "test", operatorId: null, operatorName: null, operatorEmail: null });
    expect(presentAudit(system, strict("es"), "test")).toMatchObject({ who: "test", whoEmail: null });
  });

  it("shows before and after field by field in words, changed ones marked", () => {
    const changes = wordedChanges(listed(), strict("es"));
    expect(changes.find((c) => c.field === "Estado")).toEqual({ field: "Estado", code: false, before: "Sugerida", after: "Confirmada", changed: true });
    expect(changes.find((c) => c.field === "Transferencias SINPE")).toMatchObject({ before: "r1", after: "r1", changed: false });
    expect(changes.find((c) => c.field === "Nota")).toMatchObject({ before: null, after: "ok", changed: true });
    expect(changesLine(listed(), strict("en"))).toContain("State: Suggested → Confirmed");
    expect(wordedChanges({ before: { role: "viewer" }, after: { role: "admin" } }, strict("es"))[0]).toMatchObject({ field: "Rol", before: "Solo lectura", after: "Administrador" });
    // Nested facts by their path; a field with no words by its stored name.
    const nested = wordedChanges({ before: null, after: { figures: { confirmed: { count: 3 } }, filters: { status: "succeeded" } } }, strict("en"));
    expect(nested).toEqual([
      { field: "figures.confirmed.count", code: true, before: null, after: "3", changed: false },
      { field: "Filters · Status at the service", code: false, before: null, after: "succeeded", changed: false },
    ]);
  });

  it("never carries a secret: hashes, tokens, keys and onboarding links are hidden before the row leaves the server", () => {
    const row = listed({ before: { passwordHash: "$argon2id$abc", name: "Ana" }, after: { onboardingUrl: "https://x/onboarding/tok", nested: { apiKey: "svc_live_123", other: "svc_test_abc" } } });
    expect(JSON.stringify(row)).not.toMatch(/argon2id|onboarding\/tok|svc_live_123|svc_test_abc/);
    expect(redact({ requestKey: "k", ok: 1 })).toEqual({ requestKey: "[hidden]", ok: 1 });
    const words = JSON.stringify(presentAudit(row, strict("es"), "test"));
    expect(words).toContain("(oculto)");
  });
});
