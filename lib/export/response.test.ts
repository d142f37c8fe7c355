import { afterEach, describe, expect, it, vi } from "vitest";
import { parseCsv } from "@/scripts/test/read-csv";
import { PaymentServiceError } from "@/lib/payments/errors";
import type { ListExport } from "./define";
import { EXPORT_INCOMPLETE_MARKER } from "./names";
import { exportResponse } from "./response";
import { exportTranslator } from "./translator";

// The last line of a file that stopped early says why in the operator's language; what the error itself says (a
// database error's SQL and parameters) goes to the server log only.

/** A list of one row whose second page fails with `error`. */
const failingList = (error: unknown): ListExport => ({
  prepare: () => ({
    ok: true,
    prepared: {
      fetchPage: async (cursor) => {
        if (cursor) throw error;
        return { items: ["row_1"], next: "page_2" };
      },
      header: ["ID"],
      cells: (item) => [item as string],
      filters: {},
    },
  }),
});

async function lastLine(error: unknown, locale: "es" | "en") {
  const response = await exportResponse({
    name: "payments",
    list: failingList(error),
    query: new URLSearchParams(),
    context: { mode: "test", timeZone: "America/Costa_Rica", client: () => { throw new Error("not used"); }, db: () => { throw new Error("not used"); } },
    t: exportTranslator(locale),
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  await (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  })().catch(() => {});
  return { text, last: parseCsv(text).at(-1)! };
}

const databaseError = Object.assign(new Error('Failed query: select "email", "password_hash" from "operators" where "id" = $1\nparams: 7b0c-secret'), { code: "22P02" });

describe("an export stopped by a failure", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes a generic reason in the operator's language for a database error, and logs the real one", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const es = await lastLine(databaseError, "es");
    expect(es.last).toEqual([EXPORT_INCOMPLETE_MARKER, "Exportación incompleta: se detuvo después de 1 fila. No uses este archivo.", "Un error interno de este servidor la detuvo; el detalle quedó en su registro."]);
    expect(es.text).not.toMatch(/select|password_hash|params|7b0c-secret/);
    expect(logged.mock.calls.flat().join("\n")).toContain('select "email", "password_hash" from "operators"');
    const en = await lastLine(databaseError, "en");
    expect(en.last[2]).toBe("An internal error on this server stopped it; the details are in its log.");
  });

  it("explains a Payment Service failure in the operator's words, with its status and code", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const upstream = new PaymentServiceError({ kind: "service", status: 503, code: "service_unavailable", message: "down", messages: ["The service is down"] });
    const { last } = await lastLine(upstream, "es");
    expect(last[2]).toMatch(/^.+ \(HTTP 503 · service_unavailable · The service is down\)$/);
    expect(last[2]).not.toMatch(/^HTTP/);
  });
});
