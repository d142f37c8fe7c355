import { describe, expect, it } from "vitest";
import { amountDifference, reasonText } from "./reasons-text";
import { translatorFor } from "@/lib/i18n/translator";

const t = (locale: "es" | "en") => translatorFor(locale);

describe("reasons in words", () => {
  it("says each stored reason in Spanish and English, money in the operator's format", () => {
    const es = (reason: Parameters<typeof reasonText>[0]) => reasonText(reason, t("es"), "es-CR").replace(/\u00a0/g, " ");
    expect(es({ code: "same_amount", amount: 1_500_000, currency: "CRC" })).toBe("misma cantidad ₡15 000,00");
    expect(es({ code: "sender_phone_is_customer", phone: "+50688123456" })).toBe("el teléfono del remitente es el del cliente (+50688123456)");
    expect(es({ code: "metadata_in_description", key: "pedido", value: "31738" })).toBe("pedido 31738 en la descripción");
    expect(es({ code: "amount_difference", difference: -50_000, currency: "CRC" })).toBe("faltan ₡500,00");
    expect(es({ code: "within_window", hours: 1 })).toBe("el pago se creó 1 hora antes de la transferencia");
    const en = reasonText({ code: "amount_difference", difference: 2_500, currency: "USD" }, t("en"), "en-US");
    expect(en).toBe("paid $25.00 over");
    expect(reasonText({ code: "several_candidates", count: 3 }, t("en"), "en-US")).toBe("one of 3 candidates: none is preferred");
  });

  it("shows a difference whenever the transfers and the intent differ, never zero", () => {
    expect(amountDifference({ amount: 1_000, intentAmount: 1_000 })).toBeNull();
    expect(amountDifference({ amount: 900, intentAmount: 1_000 })).toBe(-100);
    expect(amountDifference({ amount: 900, intentAmount: null })).toBeNull();
  });
});
