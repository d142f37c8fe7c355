import { describe, expect, it } from "vitest";
import { amountDifference, isOrderKey, reasonText, type ReasonContext } from "./reasons-text";
import type { Reason } from "./reasons";
import { translatorFor } from "@/lib/i18n/translator";

const t = (locale: "es" | "en") => translatorFor(locale);

describe("reasons in words", () => {
  it("says each stored reason in Spanish and English, money in the operator's format", () => {
    const es = (reason: Parameters<typeof reasonText>[0]) => reasonText(reason, t("es"), "es-CR").replace(/\u00a0/g, " ");
    expect(es({ code: "same_amount", amount: 1_500_000, currency: "CRC" })).toBe("misma cantidad ₡15 000,00");
    expect(es({ code: "sender_phone_is_customer", phone: "+50688123456" })).toBe("el teléfono del remitente es el del cliente (+506 8812-3456)");
    expect(es({ code: "metadata_in_description", key: "pedido", value: "31738" })).toBe("pedido 31738 en la descripción");
    expect(es({ code: "amount_difference", difference: -50_000, currency: "CRC" })).toBe("faltan ₡500,00");
    expect(es({ code: "within_window", hours: 1 })).toBe("el pago se creó 1 hora antes de la transferencia");
    const en = reasonText({ code: "amount_difference", difference: 2_500, currency: "USD" }, t("en"), "en-US");
    expect(en).toBe("paid $25.00 over");
    expect(reasonText({ code: "several_candidates", count: 3 }, t("en"), "en-US")).toBe("one of 3 candidates: none is preferred");
  });

  it("words every reason code in both languages with the person's details as written, never a comparison key", () => {
    // A queue row or a suggestion: Álvaro's transfer from 7183-1401 against María's intent pi_AbC123, order 11035.
    const context: ReasonContext = { names: ["Álvaro Umaña Matamoros", "Álvaro Umaña"], phones: ["7183-1401"], intentId: "pi_AbC123" };
    const every: Reason[] = [
      { code: "linked_by_service" },
      { code: "intent_id_in_description", value: "pi_abc123" },
      { code: "metadata_in_description", key: "orderId", value: "11035" },
      { code: "metadata_in_description", key: "factura", value: "f-2231" },
      { code: "same_amount", amount: 1_500_000, currency: "CRC" },
      { code: "amount_difference", difference: 50_000, currency: "CRC" },
      { code: "amount_difference", difference: -50_000, currency: "CRC" },
      { code: "sender_phone_is_customer", phone: "+50671831401" },
      { code: "sender_id_in_metadata", key: "cedula", id: "0112345678" },
      { code: "sender_name_is_customer", name: "alvaro umana matamoros" },
      { code: "within_window", hours: 0 },
      { code: "split_transfers", count: 2, total: 1_500_000, currency: "CRC" },
      { code: "several_candidates", count: 2 },
      { code: "matched_by_hand" },
    ];
    const words = (locale: "es" | "en") => every.map((reason) => reasonText(reason, t(locale), locale === "es" ? "es-CR" : "en-US", context).replace(/\u00a0/g, " "));
    expect(words("es")).toEqual([
      "el servicio vinculó la transferencia a este pago",
      "el id del pago pi_AbC123 está en la descripción",
      "pedido 11035 en la descripción",
      "«factura» f-2231 en la descripción",
      "misma cantidad ₡15 000,00",
      "pagó ₡500,00 de más",
      "faltan ₡500,00",
      "el teléfono del remitente es el del cliente (7183-1401)",
      "la identificación del remitente, 01-1234-5678, está en los metadatos del pago («cedula»)",
      "el nombre del remitente es el del cliente (Álvaro Umaña Matamoros)",
      "el pago se creó menos de una hora antes de la transferencia",
      "2 transferencias del mismo remitente suman ₡15 000,00",
      "una de 2 posibles: ninguna es la preferida",
      "asociada a mano",
    ]);
    expect(words("en")).toEqual([
      "the service linked the transfer to this payment",
      "payment id pi_AbC123 is in the description",
      "order 11035 in the description",
      "“factura” f-2231 in the description",
      "same amount ₡15,000.00",
      "paid ₡500.00 over",
      "₡500.00 short",
      "the sender's phone is the customer's (7183-1401)",
      "the sender's ID number, 01-1234-5678, is in the payment's metadata (“cedula”)",
      "the sender's name is the customer's (Álvaro Umaña Matamoros)",
      "the payment was created less than an hour before the transfer",
      "2 transfers from the same sender add up to ₡15,000.00",
      "one of 2 candidates: none is preferred",
      "matched by hand",
    ]);
    // Nothing beside the reason matches the key: the name is left out, the phone and the id are formatted from the key.
    const bare = (reason: Reason, locale: "es" | "en") => reasonText(reason, t(locale), locale === "es" ? "es-CR" : "en-US");
    expect(bare({ code: "sender_name_is_customer", name: "alvaro umana matamoros" }, "es")).toBe("el nombre del remitente es el del cliente");
    expect(bare({ code: "sender_name_is_customer", name: "alvaro umana matamoros" }, "en")).toBe("the sender's name is the customer's");
    expect(bare({ code: "sender_phone_is_customer", phone: "+50671831401" }, "en")).toBe("the sender's phone is the customer's (+506 7183-1401)");
    expect(reasonText({ code: "sender_name_is_customer", name: "ana mora" }, t("es"), "es-CR", { names: ["Otra Persona"] })).toBe("el nombre del remitente es el del cliente");
  });

  it("names the usual order-number keys as an order, any other key as written", () => {
    for (const key of ["orderId", "order_id", "orderNumber", "order_number", "pedido", "Pedido", "numeroPedido", "número_pedido", "order"]) expect(isOrderKey(key), key).toBe(true);
    for (const key of ["factura", "canal", "cedula", "reference", "sku"]) expect(isOrderKey(key), key).toBe(false);
  });

  it("shows a difference whenever the transfers and the intent differ, never zero", () => {
    expect(amountDifference({ amount: 1_000, intentAmount: 1_000 })).toBeNull();
    expect(amountDifference({ amount: 900, intentAmount: 1_000 })).toBe(-100);
    expect(amountDifference({ amount: 900, intentAmount: null })).toBeNull();
  });
});
