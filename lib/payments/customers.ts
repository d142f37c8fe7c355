import "server-only";
import type { PaymentClient } from "./client";
import { parseInput } from "./input";
import { buildQuery, pageFromListMeta, type ListParams, type Page } from "./page";
import { paths } from "./paths";
import { customerListSchema, customerSchema, idInputSchema, type Customer } from "./schemas";

export async function listCustomers(client: PaymentClient, params: ListParams = {}): Promise<Page<Customer>> {
  const { data, meta } = await client.get(paths.customers, customerListSchema, buildQuery(params));
  return pageFromListMeta(data, meta);
}

export async function getCustomer(client: PaymentClient, id: string): Promise<Customer> {
  return client.get(paths.customer(parseInput(idInputSchema, id, "customer id")), customerSchema);
}
