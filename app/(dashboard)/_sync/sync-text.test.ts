import { describe, expect, it } from "vitest";
import type { SyncStatus } from "@/db/queries/sync-status";
import { translatorFor } from "@/lib/i18n/translator";
import { coverageText } from "./sync-text";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const status = (fields: Partial<SyncStatus>): SyncStatus => ({
  resource: "payments", phase: "idle", kind: "backfill", rowsDone: 0, remoteTotal: null, localRows: 0, lastCompleteAt: null,
  lastError: null, lastRun: null, lastSucceeded: { incremental: null, refresh: null }, ...fields,
});
const format = (locale: string) => ({ locale, timeZone: "America/Costa_Rica", now: new Date("2026-11-25T00:00:00Z") });
const es = translatorFor("es", "America/Costa_Rica");
const en = translatorFor("en", "America/Costa_Rica");

describe("coverageText", () => {
  it("says a share of the service's total while the copy is short of it", () => {
    expect(plain(coverageText(es, status({ localRows: 20_000, remoteTotal: 22_981 }), format("es-CR"), { noun: true }))).toBe("20 000 de 22 981 pagos");
    expect(plain(coverageText(es, status({ localRows: 500, remoteTotal: 500 }), format("es-CR"), { noun: true }))).toBe("500 de 500 pagos");
  });

  it("never says more rows than the service's total (webhooks added rows since it was counted): the copy is all of it", () => {
    const larger = status({ localRows: 22_988, remoteTotal: 22_981, lastCompleteAt: new Date("2026-11-24T00:00:00Z") });
    expect(plain(coverageText(es, larger, format("es-CR"), { noun: true }))).toBe("22 988 pagos (todo el historial)");
    expect(coverageText(en, larger, format("en-US"), { noun: true })).toBe("22,988 payments (the whole history)");
    expect(plain(coverageText(es, larger, format("es-CR")))).toBe("22 988 (todo el historial)");
  });

  it("puts the noun beside the number when the service gives no total", () => {
    const all = status({ resource: "transfers", localRows: 250, lastCompleteAt: new Date("2026-11-24T00:00:00Z") });
    expect(coverageText(es, all, format("es-CR"), { noun: true })).toBe("250 transferencias (todo el historial)");
    expect(coverageText(es, status({ resource: "transfers", localRows: 0 }), format("es-CR"), { noun: true })).toBe("0 transferencias");
  });
});
