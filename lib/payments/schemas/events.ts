import { z } from "zod";

// The events' outer shape and the parts their payloads share. Each event type's payload schema lives with everything
// else about the type, in lib/webhooks/handlers/<type>.ts; the union of them all is lib/webhooks/registry.ts's
// paymentEventSchema. Identity, money and status fields are required there because deduplication and the projections
// depend on them; free text, metadata and the embedded customer are nullish, since an intent need not have them and
// refusing a whole event over an absent description would hide a payment.

export const eventErrorSchema = z.looseObject({ message: z.string(), code: z.string(), type: z.string() });

/**
 * Any event's outer shape, for the receiver to classify a delivery (and store it) before the payload is checked
 * against its type's schema.
 */
export const eventEnvelopeSchema = z.looseObject({
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
});
