import type { z } from "zod";
import { PaymentServiceError } from "./errors";

/** Checks what this app is about to send; a failure throws before any request is made. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  );
  return invalidInput(`Invalid ${what}: ${messages.join("; ")}`, messages, result.error.issues);
}

export function invalidInput(message: string, messages: string[] = [message], issues?: z.core.$ZodIssue[]): never {
  throw new PaymentServiceError({ kind: "invalid_input", message, messages, issues });
}

/** Drops the empty values a filter form or URL leaves behind, so "" means "no filter" rather than "match empty". */
export function withoutEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== "")) as Partial<T>;
}
