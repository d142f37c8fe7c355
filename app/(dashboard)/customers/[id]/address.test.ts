import { describe, expect, it } from "vitest";
import { addressLines } from "./address";

describe("addressLines", () => {
  const address = {
    line1: "De la plaza de deportes 150 m este, casa 46",
    line2: "Portón blanco",
    city: "Montes de Oca",
    state: "San José",
    postalCode: "11503",
    country: "CR",
  };

  it("lays an address out as envelope lines, with the country in the operator's language", () => {
    expect(addressLines(address, "es-CR")).toEqual(["De la plaza de deportes 150 m este, casa 46", "Portón blanco", "Montes de Oca, San José 11503", "Costa Rica"]);
    expect(addressLines({ ...address, country: "us" }, "en-US").at(-1)).toBe("United States");
  });

  it("leaves out what is missing", () => {
    expect(addressLines({ line1: "Calle 5", city: "Heredia", country: "" }, "es-CR")).toEqual(["Calle 5", "Heredia"]);
    expect(addressLines({ state: "Cartago", postalCode: " " }, "es-CR")).toEqual(["Cartago"]);
    expect(addressLines({}, "es-CR")).toEqual([]);
    expect(addressLines(null, "es-CR")).toEqual([]);
  });
});
