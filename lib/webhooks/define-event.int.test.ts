import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { eventSubjects, paymentIntents, webhookEvents } from "@/db/schema";
import { freshTestDatabase } from "@/scripts/test/database";
import { idSchema, timestampSchema } from "@/lib/payments/schemas/common";
import { intentProjection } from "./project-intent";
import { receiveDelivery } from "./receive";
import { HANDLERS, type Handlers } from "./registry";
import { defineEvent, subject } from "./types";

// A type the service may send one day, declared the way every type is: one definition, nothing else in lib/webhooks.
const paymentIntentCanceled = defineEvent({
  type: "payment-intent.canceled",
  data: z.looseObject({ id: idSchema, canceledAt: timestampSchema, customerId: idSchema.nullish() }),
  dedupeKey: (data) => `payment-intent.canceled:${data.id}`,
  occurredAt: (data) => data.canceledAt,
  subjects: (data) => [...subject("payment_intent", data.id), ...subject("customer", data.customerId)],
  projection: (data, { mode }) => intentProjection({ mode, id: data.id, status: "canceled", at: data.canceledAt, customerId: data.customerId }),
  summary: { subject: "id" },
});

const test = freshTestDatabase();
const handlers = { ...HANDLERS, [paymentIntentCanceled.type]: paymentIntentCanceled } as unknown as Handlers;
const send = (event: object, withType = true) => receiveDelivery(test.db, "test", JSON.stringify(event), withType ? { handlers } : {});
const canceled = (id: string) => ({ type: "payment-intent.canceled", data: { id, canceledAt: "2026-11-21T16:00:00.000Z", customerId: "cus_ana" } });

describe("an event type is one definition", () => {
  it("is stored unrecognized without its definition, and with it is validated, deduplicated, linked and projected", async () => {
    expect(await send(canceled("pi_gone"), false)).toMatchObject({ status: "unrecognized" });

    const first = await send(canceled("pi_new"));
    expect(first).toMatchObject({ status: "processed", duplicate: false });
    expect(await send(canceled("pi_new"))).toMatchObject({ id: first.id, duplicate: true });
    const [intent] = await test.db.select().from(paymentIntents).where(eq(paymentIntents.id, "pi_new"));
    expect(intent).toMatchObject({ status: "canceled", customerId: "cus_ana" });
    const subjects = await test.db.select().from(eventSubjects).where(eq(eventSubjects.eventId, first.id));
    expect(subjects.map((s) => `${s.subjectType}:${s.subjectId}`).sort()).toEqual(["customer:cus_ana", "payment_intent:pi_new"]);

    const bad = await send({ type: "payment-intent.canceled", data: { id: "pi_bad" } });
    const [stored] = await test.db.select().from(webhookEvents).where(eq(webhookEvents.id, bad.id));
    expect(stored).toMatchObject({ status: "invalid", error: expect.stringContaining("data.canceledAt") });
  });

  it("names its summary fields by paths its schema declares, or tsc refuses it", () => {
    const data = z.looseObject({ id: idSchema, customer: z.looseObject({ name: z.string() }).nullish(), tags: z.array(z.string()) });
    const base = { type: "x.y", data, dedupeKey: () => "k", occurredAt: () => null, subjects: () => [], projection: () => HANDLERS["payment-intent.succeeded"].projection as never };
    expect(defineEvent({ ...base, summary: { subject: "id", counterparty: "customer.name" } }).schema.shape.type.value).toBe("x.y");
    // @ts-expect-error -- "amount" is not a field of this payload (a loose object's index signature does not count)
    defineEvent({ ...base, summary: { amount: "amount" } });
    // @ts-expect-error -- a path into an array is no single field
    defineEvent({ ...base, summary: { subject: "tags.length" } });
  });
});
