// Error bodies in the spec's own shapes ("Errors" section), so the client's parsing is exercised for real.

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === "string" ? body.message : JSON.stringify(body.message ?? body.error));
  }
}

/** 400 validation error: one message per failed rule. */
export const validationError = (...messages: string[]) =>
  new SandboxError(400, { statusCode: 400, message: messages, error: "Bad Request" });

/** 401: no credentials at all. */
export const unauthorizedError = () => new SandboxError(401, { statusCode: 401, error: "Unauthorized" });

/** 403: a credential that is not valid here. */
export const forbiddenError = (message: string) => new SandboxError(403, { statusCode: 403, message, error: "Forbidden" });

export const notFoundError = (message: string) => new SandboxError(404, { statusCode: 404, message, error: "Not Found" });

/** The marketplace endpoints' validation shape: statusCode, message[], error; nothing else. */
export const marketplaceValidationError = (...messages: string[]) =>
  new SandboxError(400, { statusCode: 400, message: messages, error: "Bad Request" });

/** The marketplace endpoints' other errors: exactly statusCode, type, code, message, path, timestamp. */
export const marketplaceError = (status: number, code: string, message: string, path: string) =>
  new SandboxError(status, { statusCode: status, type: "marketplace_error", code, message, path, timestamp: new Date().toISOString() });

/** The general service error shape. */
export const serviceError = (status: number, code: string, message: string, path: string, details?: Record<string, unknown>) =>
  new SandboxError(status, {
    code,
    path,
    type: "OnvoAPIError",
    message,
    timestamp: new Date().toISOString(),
    statusCode: status,
    ...(details ? { details } : {}),
  });
