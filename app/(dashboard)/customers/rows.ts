import type { LocalCustomer } from "@/db/queries/customers";
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
  /** Left out (undefined) for a row from the sync's copy, which does not keep it; null when the customer never paid. */
  lastTransactionAt?: string | null;
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

/** A row from the sync's copy (the list filtered by name, e-mail or phone): as the copy last read the customer. */
export function toLocalCustomerRow(customer: LocalCustomer): CustomerRow {
  return {
    id: customer.id,
    name: customer.name || null,
    email: customer.email || null,
    phone: customer.phone || null,
    amountSpent: customer.amountSpent,
    transactions: customer.transactionsCount,
    createdAt: customer.createdAt.toISOString(),
  };
}
