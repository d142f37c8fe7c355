import "server-only";
import { notFound } from "next/navigation";
import { isPaymentServiceError } from "./errors";
import { explainPaymentError, type ExplainedError } from "./explain-error";

/** A Payment Service call's value, or its failure in operator terms for <DataTableError/>. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: ExplainedError };

/**
 * Runs one Payment Service call of a detail page. Its failure becomes an explained error for that part of the page
 * only, so a failing list of a customer's subscriptions does not hide the customer. Anything that is not the
 * service's failure (no session, the database down) is thrown to the error boundary. A function rather than a
 * promise, so that a synchronous throw (no key for this mode) is settled too.
 */
export async function settle<T>(call: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (isPaymentServiceError(error)) return { ok: false, error: explainPaymentError(error) };
    throw error;
  }
}

/**
 * The call for the page's own object. The service's 404, and an id the client refuses to send ("..", too long), both
 * mean there is no such object: the page becomes the app's 404 (the route's not-found.tsx, inside the shell).
 */
export async function settleSubject<T>(call: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (isPaymentServiceError(error) && (error.status === 404 || error.kind === "invalid_input")) notFound();
    if (isPaymentServiceError(error)) return { ok: false, error: explainPaymentError(error) };
    throw error;
  }
}
