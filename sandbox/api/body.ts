import { validationError } from "../http/errors";

/** The request body as an object, or a validation error (the spec's 400 shape) when it is not one. */
export function objectBody(body: unknown, onError = validationError): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) throw onError("body must be a JSON object");
  return body as Record<string, unknown>;
}

/** Refuses fields the endpoint does not take, as a whitelisting validator would. */
export function rejectUnknown(body: Record<string, unknown>, allowed: string[], onError = validationError): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw onError(...unknown.map((key) => `property ${key} should not exist`));
}

export const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
