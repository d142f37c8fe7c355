import type { Product } from "@/lib/payments/schemas";

// What one row of the products table needs.

export type ProductRow = {
  id: string;
  name: string;
  description: string | null;
  /** null when the service does not say (isActive is optional in its answers). */
  active: boolean | null;
  createdAt: string;
};

export function toProductRow(product: Product): ProductRow {
  return {
    id: product.id,
    name: product.name,
    description: product.description || null,
    active: product.isActive ?? null,
    createdAt: product.createdAt,
  };
}
