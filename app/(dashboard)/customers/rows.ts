import type { Customer } from "@/lib/payments/schemas";

// What one row of the customers table needs: no address or shipping reaches the browser from the list.

export type CustomerRow = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** USD cents: the service sums every currency into its USD base amount. */
  amountSpent: number;
  transactions: number;
  lastTransactionAt: string | null;
  createdAt: string;
};

export function toCustomerRow(customer: Customer): CustomerRow {
  return {
    id: customer.id,
    name: customer.name || null,
    email: customer.email || null,
    phone: customer.phone || null,
    amountSpent: customer.amountSpent,
    transactions: customer.transactionsCount,
    lastTransactionAt: customer.lastTransactionAt,
    createdAt: customer.createdAt,
  };
}
