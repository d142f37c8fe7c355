import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "use-intl";
import { describe, expect, it } from "vitest";
import { CATALOGS, FORMAT_LOCALE, type Locale } from "@/lib/i18n/config";
import { DateField, type DateWording } from "./date-field";

// The field as the server draws it: the day in words in the app's language (never the browser's), tied to the input
// by aria-describedby; nothing when empty; a day the app does not accept said in words.

function render(language: Locale, value: string, wording?: DateWording) {
  const field = createElement(DateField, { id: "day", value, onChange: () => {}, wording });
  // eslint-disable-next-line react/no-children-prop -- no JSX in a .ts test, and IntlProvider's props require children
  const html = renderToString(createElement(IntlProvider, { locale: FORMAT_LOCALE[language], messages: CATALOGS[language], timeZone: "America/Costa_Rica", children: field }));
  const input = /<input[^>]*>/.exec(html)![0];
  const describedBy = /aria-describedby="([^"]+)"/.exec(input)?.[1];
  const description = describedBy ? new RegExp(`<p id="${describedBy}"[^>]*>(.*?)</p>`).exec(html)?.[1]?.replace(/<!-- -->/g, "") : undefined;
  return { html, input, description };
}

describe("DateField", () => {
  it("says nothing when empty", () => {
    const { html, input, description } = render("es", "");
    expect(input).toContain('type="date"');
    expect(input).not.toContain("aria-describedby");
    expect(input).not.toContain("aria-invalid");
    expect(description).toBeUndefined();
    expect(html).not.toContain("<p");
  });

  it("names a day in words in the app's language, as the input's description", () => {
    expect(render("es", "2026-11-25").description).toBe("miércoles, 25 de noviembre de 2026");
    expect(render("en", "2026-11-25").description).toBe("Wednesday, November 25, 2026");
    expect(render("es", "2026-11-25", "compact").description).toBe("25 nov 2026");
    expect(render("en", "2026-11-25", "compact").description).toBe("Nov 25, 2026");
    // A calendar day, not an instant: the first and last days the app accepts stay themselves in any zone.
    expect(render("es", "1970-01-01").description).toBe("jueves, 1 de enero de 1970");
    expect(render("en", "9998-12-31").description).toBe("Thursday, December 31, 9998");
    expect(render("es", "2026-11-25").input).not.toContain("aria-invalid");
  });

  it("says a day outside 1970–9998 is out of range, and a day that does not exist is not a date", () => {
    for (const day of ["1969-12-31", "9999-01-01", "0050-01-01", "12345-01-01"]) {
      const es = render("es", day);
      expect(es.description, day).toBe("Fuera del rango aceptado (años 1970 a 9998)");
      expect(es.input).toContain('aria-invalid="true"');
      expect(render("en", day, "compact").description, day).toBe("Outside the accepted range (years 1970 to 9998)");
    }
    expect(render("es", "2026-02-30").description).toBe("Fecha incompleta o no válida");
    expect(render("en", "2026-02-30").description).toBe("Incomplete or invalid date");
  });

  it("offers the native picker only the days the app accepts", () => {
    const { input } = render("es", "");
    expect(input).toContain('min="1970-01-01"');
    expect(input).toContain('max="9998-12-31"');
  });
});
