import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/config";
import type { Translator } from "@/lib/i18n/server";
import { translatorFor } from "@/lib/i18n/translator";
import { FiguresTable } from "./figures-table";

// The period close's figures: each line's count is grouped as the amount beside it is ("27 556", not "27556").

const figures = {
  received: { count: 27_556, amount: 3_000_000_000 },
  confirmed: { count: 6_888, amount: 1_000_000_000 },
  accepted: { count: 0, amount: 0 },
  suggested: { count: 13_780, amount: 1_500_000_000 },
  unmatched: { count: 6_888, amount: 500_000_000 },
};

/** The count cells (the column shown from sm up) of each line, by line. */
function counts(locale: Locale, atClose?: typeof figures) {
  const t = translatorFor(locale, "America/Costa_Rica", (error) => {
    throw error;
  }) as unknown as Translator;
  const html = renderToStaticMarkup(createElement(FiguresTable, { t, figures, atClose, currency: "CRC", locale: locale === "es" ? "es-CR" : "en-US" }));
  const rows = [...html.matchAll(/<tr[^>]*data-line="([a-z]+)"[^>]*>(.*?)<\/tr>/g)];
  return Object.fromEntries(rows.map(([, line, inner]) => [line, [...inner!.matchAll(/<td class="[^"]*hidden sm:table-cell[^"]*">([^<]*)<\/td>/g)].map((m) => m[1]!.replace(/&nbsp;|\u00a0|\u202f/g, " "))]));
}

describe("the period's figures table", () => {
  it("groups each count as the app's figures are, now and at close, in both languages", () => {
    expect(counts("es")).toMatchObject({ received: ["27 556"], confirmed: ["6 888"], open: ["20 668"], suggested: ["13 780"], accounted: ["27 556"] });
    expect(counts("en")).toMatchObject({ received: ["27,556"], confirmed: ["6,888"], open: ["20,668"], suggested: ["13,780"], accounted: ["27,556"] });
    expect(counts("es", figures).received).toEqual(["27 556", "27 556"]);
  });
});
