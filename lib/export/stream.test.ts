import { describe, expect, it } from "vitest";
import { parseCsv } from "@/scripts/test/read-csv";
import type { Page } from "@/lib/payments/page";
import type { PreparedExport } from "./define";
import { exportFileName } from "./response";
import { startCsvExport } from "./stream";

// The stream's own rules, over a list held in memory (the sandbox and PostgreSQL tests run it over real sources).

const prepared = (pages: Record<string, Page<string>>): PreparedExport => ({
  fetchPage: async (cursor) => pages[cursor ?? "first"]!,
  header: ["ID"],
  cells: (item) => [item as string],
  filters: {},
});

async function readAll(body: ReadableStream<Uint8Array>) {
  let text = "";
  const decoder = new TextDecoder();
  try {
    for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
    return { text, outcome: "closed" as const };
  } catch {
    return { text, outcome: "errored" as const };
  }
}

const options = { incomplete: (written: number) => ["#EXPORT-INCOMPLETE", `after ${written}`] };

describe("startCsvExport", () => {
  it("writes the header, then every page in order, and closes after a page without a next cursor", async () => {
    const { total, body } = await startCsvExport(prepared({ first: { items: ["a", "b"], next: "b", total: 3 }, b: { items: ["c"] } }), options);
    expect(total).toBe(3);
    const { text, outcome } = await readAll(body);
    expect(outcome).toBe("closed");
    expect(parseCsv(text)).toEqual([["ID"], ["a"], ["b"], ["c"]]);
  });

  it("stops with an incomplete line when the service hands back a cursor it already gave (it would loop forever)", async () => {
    const looping = prepared({ first: { items: ["a"], next: "a", total: 9 }, a: { items: ["b"], next: "a" } });
    const ended: string[] = [];
    const { body } = await startCsvExport(looping, { ...options, onEnd: ({ status }) => ended.push(status) });
    const { text, outcome } = await readAll(body);
    expect(outcome).toBe("errored");
    expect(parseCsv(text)).toEqual([["ID"], ["a"], ["b"], ["#EXPORT-INCOMPLETE", "after 2"]]);
    expect(ended).toEqual(["failed"]);
  });

  it("lets a failing first page throw, so the route can answer with an error instead of a file", async () => {
    const failing: PreparedExport = { ...prepared({}), fetchPage: () => Promise.reject(new Error("down")) };
    await expect(startCsvExport(failing, options)).rejects.toThrow("down");
  });
});

describe("exportFileName", () => {
  it("names the list, the local time of the export and its zone", () => {
    const at = new Date("2026-11-21T10:23:45Z");
    expect(exportFileName("payments", "America/Costa_Rica", at)).toBe("payments_2026-11-21_0423_America-Costa_Rica.csv");
    expect(exportFileName("events", "America/Argentina/Buenos_Aires", at)).toBe("events_2026-11-21_0723_America-Argentina-Buenos_Aires.csv");
  });
});
