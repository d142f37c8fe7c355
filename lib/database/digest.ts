/**
 * The digest a "database unreachable" error carries from a server render to the error boundary. Next hides a server
 * error's message from the browser in production but keeps a digest the error already has, so this is how the client
 * boundary tells this outage (explained, retryable) from a bug (generic message).
 */
export const DATABASE_UNAVAILABLE_DIGEST = "DATABASE_UNAVAILABLE";
