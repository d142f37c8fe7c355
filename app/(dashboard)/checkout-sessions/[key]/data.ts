import "server-only";
import { notFound } from "next/navigation";
import { getDb } from "@/db";
import { getCheckoutSession, urlOfCheckoutSessionKey, type CheckoutSession } from "@/db/queries/checkout-sessions";
import { readAsOperator } from "@/lib/auth/require-operator";
import { getMode } from "@/lib/mode";
import type { Settled } from "@/lib/payments/settle";

/**
 * One recorded checkout session of the current mode, by its key (its URL, base64url). A key that is not one, or names
 * a session of the other mode or none → the route's 404. Read from this app's database only: the URL is never fetched.
 */
export async function loadCheckoutSession(key: string): Promise<Settled<CheckoutSession>> {
  const url = urlOfCheckoutSessionKey(key);
  const mode = await getMode();
  const { value: session } = await readAsOperator("viewer", async () => (url === null ? null : getCheckoutSession(getDb(), { mode, url })));
  if (!session) notFound();
  return { ok: true, value: session };
}
