import { z } from "zod";
import { openEnum } from "./common";

// Error bodies in the spec's shapes. The "no other fields" shapes are strictObject: that is the only thing telling a
// marketplace error from a service error without details. Timestamps are plain strings here: a format quirk must not
// cost the operator the decline details of an error.

export const CARD_DECLINE_REASONS = [
  "issuer_declined",
  "gateway_declined",
  "onvo_declined",
  "processor_error",
  "unknown",
] as const;

export const cardDeclineSchema = z.looseObject({
  reason: openEnum(CARD_DECLINE_REASONS),
  // Gateway/issuer codes, not one universal code space: shown to operators, never mapped to UI text.
  declineCode: z.string().min(1),
  // Informational only: never parsed for logic.
  declineMessage: z.string().min(1),
});

export const serviceErrorBodySchema = z.looseObject({
  code: z.string(),
  path: z.string(),
  type: z.string(),
  message: z.string(),
  timestamp: z.string(),
  statusCode: z.int(),
  details: z.looseObject({ card: cardDeclineSchema.optional() }).optional(),
});

export const processingErrorBodySchema = z.looseObject({
  statusCode: z.int(),
  apiCode: z.string(),
  message: z.array(z.string()),
  error: z.string(),
});

export const validationErrorBodySchema = z.looseObject({
  statusCode: z.literal(400),
  message: z.array(z.string()),
  error: z.literal("Bad Request"),
});

export const notFoundErrorBodySchema = z.looseObject({
  statusCode: z.literal(404),
  message: z.string(),
  error: z.string(),
});

export const unauthorizedErrorBodySchema = z.looseObject({
  statusCode: z.literal(401),
  error: z.literal("Unauthorized"),
  message: z.string().optional(),
});

export const forbiddenErrorBodySchema = z.looseObject({
  statusCode: z.literal(403),
  message: z.string(),
  error: z.literal("Forbidden"),
});

export const marketplaceValidationErrorBodySchema = z.strictObject({
  statusCode: z.int(),
  message: z.array(z.string()),
  error: z.string(),
});

export const marketplaceErrorBodySchema = z.strictObject({
  statusCode: z.int(),
  type: z.string(),
  code: z.string(),
  message: z.string(),
  path: z.string(),
  timestamp: z.string(),
});

export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];
export type CardDeclineDetails = z.infer<typeof cardDeclineSchema>;
export type ServiceErrorBody = z.infer<typeof serviceErrorBodySchema>;
export type ProcessingErrorBody = z.infer<typeof processingErrorBodySchema>;
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;
export type NotFoundErrorBody = z.infer<typeof notFoundErrorBodySchema>;
export type UnauthorizedErrorBody = z.infer<typeof unauthorizedErrorBodySchema>;
export type ForbiddenErrorBody = z.infer<typeof forbiddenErrorBodySchema>;
export type MarketplaceValidationErrorBody = z.infer<typeof marketplaceValidationErrorBodySchema>;
export type MarketplaceErrorBody = z.infer<typeof marketplaceErrorBodySchema>;
