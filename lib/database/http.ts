import { isDatabaseUnreachable } from "./unreachable";

/** Seconds a client should wait before asking again: the pool's connect timeout is 5 s, a restart takes a few more. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/** An API route's answer while the database is unreachable: 503, said in JSON, with when to come back. */
export function databaseUnavailableResponse(): Response {
  return Response.json(
    { error: "database_unavailable", message: "The database is unreachable. Try again shortly.", retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    { status: 503, headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS), "cache-control": "no-store" } },
  );
}

/**
 * Wraps a route handler: an unreachable database answers 503 JSON instead of Next's empty 500. Every other error (and
 * Next's own signals, such as unauthorized()) goes on as it was thrown.
 */
export function answeringDatabaseOutage<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await handler(...args);
    } catch (error) {
      if (isDatabaseUnreachable(error)) return databaseUnavailableResponse();
      throw error;
    }
  };
}
