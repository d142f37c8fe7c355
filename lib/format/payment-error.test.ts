import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import { paymentErrorText } from "./payment-error";

describe("paymentErrorText", () => {
  it("says the service's message with its code named as one, in Spanish and English", () => {
    expect(paymentErrorText("Fondos insuficientes", "declined", translatorFor("es"))).toBe("Fondos insuficientes (código declined)");
    expect(paymentErrorText("Insufficient funds", "declined", translatorFor("en"))).toBe("Insufficient funds (code declined)");
  });
  it("says the message alone without a code, the code alone without a message, and nothing without either", () => {
    expect(paymentErrorText("Fondos insuficientes", null, translatorFor("es"))).toBe("Fondos insuficientes");
    expect(paymentErrorText(null, "declined", translatorFor("es"))).toBe("código declined");
    expect(paymentErrorText(null, "declined", translatorFor("en"))).toBe("code declined");
    expect(paymentErrorText(null, null, translatorFor("es"))).toBeNull();
  });
});
