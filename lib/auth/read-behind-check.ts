/**
 * Starts `read` and `check` together and settles with both results only once `check` has passed. When `check` throws,
 * that is what this throws, and whatever `read` found or failed with is dropped unseen: so `read` must only read.
 *
 * The returned promise is marked as handled: a page may start it, run a check of its own, and never await it when
 * its own check throws first. Awaiting it still throws.
 */
export function readBehindCheck<C, T>(check: () => Promise<C>, read: () => Promise<T>): Promise<[C, T]> {
  // Through then(): a read that throws at once becomes a rejection, settled below like any other.
  const reading = Promise.resolve().then(read);
  reading.catch(() => undefined);
  const result = Promise.resolve()
    .then(check)
    .then(async (passed): Promise<[C, T]> => [passed, await reading]);
  result.catch(() => undefined);
  return result;
}

/**
 * For a page that starts its loader before its own requireOperator (the loader checks too, through readAsOperator):
 * `const payment = startedBeforeCheck(loadPayment(id)); await requireOperator("viewer");`. When the page's check throws
 * first, the loader's refusal is never awaited; marked as handled, it is not reported as an unhandled rejection.
 */
export function startedBeforeCheck<T>(loading: Promise<T>): Promise<T> {
  loading.catch(() => undefined);
  return loading;
}
