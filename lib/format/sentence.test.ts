import { describe, expect, it } from "vitest";
import { oneFinalStop } from "./sentence";

describe("oneFinalStop", () => {
  it("ends a sentence whose last word is an abbreviation with one stop, not two", () => {
    expect(oneFinalStop("Vence el 2 de diciembre de 2026 a las 12:58 a. m..")).toBe("Vence el 2 de diciembre de 2026 a las 12:58 a. m.");
    expect(oneFinalStop("Expires on December 2, 2026 at 12:58 AM.")).toBe("Expires on December 2, 2026 at 12:58 AM.");
    expect(oneFinalStop("Sin punto")).toBe("Sin punto");
    expect(oneFinalStop("Espera...")).toBe("Espera...");
  });

  it("whatever Intl writes at the end of a Spanish time (a. m., p. m.)", () => {
    for (const iso of ["2026-12-02T06:58:00Z", "2026-12-02T20:15:00Z"]) {
      const when = new Intl.DateTimeFormat("es-CR", { dateStyle: "long", timeStyle: "short", timeZone: "America/Costa_Rica" }).format(new Date(iso));
      const text = oneFinalStop(`Vence el ${when}.`);
      expect(text).not.toMatch(/\.\.$/);
      expect(text.endsWith(".")).toBe(true);
    }
  });
});
