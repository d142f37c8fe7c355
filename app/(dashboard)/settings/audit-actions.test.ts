import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/config";
import { translatorFor } from "@/lib/i18n/translator";
import { AUDIT_ACTION_CODES, auditActionKey } from "./audit-actions";

// Every action the code writes to audit_log has words in both catalogs, so the log never shows a bare code
// ("refund.create") under the operator's language. Read from the sources of the writers themselves: each file that
// calls insertAudit, its literal action codes, and the *_ACTIONS / *_AUDIT_ACTION constants it uses wherever they are
// declared. A new action written without words in audit-actions.ts (and so in es.ts and en.ts) fails here.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SOURCE = /\.(ts|tsx|mjs)$/;
const SKIP = /(\.test\.|\.int\.test\.|\.d\.ts$)/;

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || file === path.join("scripts", "bench") || file === path.join("scripts", "test") ? [] : sources(file);
    return SOURCE.test(entry.name) && !SKIP.test(entry.name) ? [file] : [];
  });
}

const ACTION_CODE = /["'`]([a-z][a-z_]*(?:\.[a-z_]+)+)["'`]/g;
const ACTION_CONSTANT = /\b([A-Z][A-Z_]*_(?:ACTIONS|AUDIT_ACTION))\b/g;

function writtenActions() {
  const files = ["app", "lib", "db", "scripts"].flatMap(sources).map((file) => ({ file, text: readFileSync(path.join(ROOT, file), "utf8") }));
  const writers = files.filter(({ file, text }) => /\binsertAudit\(/.test(text) && !file.endsWith(path.join("db", "queries", "audit.ts")));
  const found = new Map<string, string>();
  const take = (text: string, where: string) => {
    for (const [, code] of text.matchAll(ACTION_CODE)) if (!found.has(code!)) found.set(code!, where);
  };
  for (const { file, text } of writers) {
    take(text, file);
    for (const [, name] of text.matchAll(ACTION_CONSTANT)) {
      // The constant's declaration, wherever it is: `export const NAME = "…"` or `= { … }` up to its closing brace.
      for (const { file: declaredIn, text: declaring } of files) {
        const match = new RegExp(`export const ${name}\\s*=\\s*(\\{[\\s\\S]*?\\}|"[^"]*")`).exec(declaring);
        if (match) take(match[1]!, `${name} (${declaredIn})`);
      }
    }
  }
  return { writers: writers.map(({ file }) => file), found };
}

describe("the audit log's actions", () => {
  const { writers, found } = writtenActions();

  it("are found where they are written (the scan itself works)", () => {
    expect(writers.length).toBeGreaterThanOrEqual(10);
    for (const known of ["operator.set_role", "operator.sign_out", "refund.create", "list.export", "reconciliation.confirmed", "reconciliation.period_closed", "marketplace.weekly_fee_set", "renewal.follow_up.promise", "sync.request", "webhook_event.reprocess", "reconciliation.rules_run"]) {
      expect([...found.keys()], known).toContain(known);
    }
  });

  it("each have words in both catalogs", () => {
    const missing = [...found].filter(([code]) => auditActionKey(code) === null).map(([code, where]) => `${code} (written in ${where})`);
    expect(missing, `audit actions without words in app/(dashboard)/settings/audit-actions.ts: ${missing.join(", ")}`).toEqual([]);
    for (const locale of LOCALES) {
      const t = translatorFor(locale, "America/Costa_Rica", (error) => {
        throw error;
      });
      for (const code of AUDIT_ACTION_CODES) {
        const words = t(auditActionKey(code)!);
        expect(words, `${locale} ${code}`).toBeTruthy();
        expect(words, `${locale} ${code}`).not.toContain("settings.auditActions");
      }
    }
  });

  it("and none is kept with words that the code no longer writes", () => {
    expect(AUDIT_ACTION_CODES.filter((code) => !found.has(code))).toEqual([]);
  });
});
