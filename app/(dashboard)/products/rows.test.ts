import { describe, expect, it } from "vitest";
import type { Product } from "@/lib/payments/schemas";
import { toProductRow } from "./rows";

const product: Product = { id: "prod_01", name: "Plan mensual", description: "Acceso completo", isActive: true, createdAt: "2026-09-01T12:00:00.000Z" };

describe("toProductRow", () => {
  it("keeps name, description, whether it is sold and when it was created", () => {
    expect(toProductRow(product)).toEqual({ id: "prod_01", name: "Plan mensual", description: "Acceso completo", active: true, createdAt: "2026-09-01T12:00:00.000Z" });
  });

  it("does not claim a product is active or inactive when the service does not say", () => {
    expect(toProductRow({ ...product, description: "", isActive: undefined })).toMatchObject({ description: null, active: null });
    expect(toProductRow({ ...product, isActive: false }).active).toBe(false);
  });
});
