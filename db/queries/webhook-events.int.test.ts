import { describe, expect, it } from "vitest";
import { receiveDelivery } from "@/lib/webhooks/receive";
import { renewalFailed, succeeded, transfer } from "@/lib/webhooks/test-events";
import { freshTestDatabase } from "@/scripts/test/database";
import { countEvents, getEvent, getLinkedSubjects, listEvents } from "./webhook-events";

const test = freshTestDatabase();
const send = (event: object | string, mode: "test" | "live" = "test") =>
  receiveDelivery(test.db, mode, typeof event === "string" ? event : JSON.stringify(event));

describe("events console queries", () => {
  it("pages newest first with keyset cursors, and back again to the same page", async () => {
    for (let i = 0; i < 7; i++) await send(succeeded(`pi_page_${i}`));
    const first = await listEvents(test.db, { mode: "test", type: "payment-intent.succeeded" }, { limit: 3 });
    expect(first.items.map((e) => e.subject)).toEqual(["pi_page_6", "pi_page_5", "pi_page_4"]);
    expect(first).toMatchObject({ hasOlder: true, hasNewer: false });
    const second = await listEvents(test.db, { mode: "test", type: "payment-intent.succeeded" }, { limit: 3, after: first.items.at(-1)!.id });
    expect(second.items.map((e) => e.subject)).toEqual(["pi_page_3", "pi_page_2", "pi_page_1"]);
    const back = await listEvents(test.db, { mode: "test", type: "payment-intent.succeeded" }, { limit: 3, before: second.items[0]!.id });
    expect(back.items.map((e) => e.id)).toEqual(first.items.map((e) => e.id));
    expect(back.hasNewer).toBe(false);
  });

  it("filters by status, by any subject id and keeps modes apart", async () => {
    await send("not json at all");
    await send(transfer("2026112100000000000000042"));
    await send(renewalFailed("sub_console", 1));
    await send(succeeded("pi_live"), "live");
    expect((await listEvents(test.db, { mode: "test", status: "invalid" }, { limit: 10 })).items).toHaveLength(1);
    const bySubscription = await listEvents(test.db, { mode: "test", subjectId: "sub_console" }, { limit: 10 });
    expect(bySubscription.items.map((e) => e.type)).toEqual(["subscription.renewal.failed"]);
    const byCustomer = await listEvents(test.db, { mode: "test", subjectId: "cus_ana" }, { limit: 50 });
    expect(byCustomer.items.length).toBeGreaterThanOrEqual(8);
    expect(await countEvents(test.db, { mode: "live" })).toBe(1);
    expect((await listEvents(test.db, { mode: "test", subjectId: "pi_live" }, { limit: 10 })).items).toEqual([]);
  });

  it("opens one event with its subjects, only in its own mode", async () => {
    const { id } = await send(transfer("2026112100000000000000043"));
    const event = await getEvent(test.db, "test", id);
    expect(event).toMatchObject({ type: "mobile-transfer.received", status: "processed" });
    expect(await getEvent(test.db, "live", id)).toBeUndefined();
    // Of the subjects asked about, only those linked to this event, in this mode.
    const candidates = [
      { type: "transfer" as const, id: "2026112100000000000000043" },
      { type: "transfer" as const, id: "2026112100000000000000042" },
      { type: "customer" as const, id: "cus_ana" },
    ];
    expect(await getLinkedSubjects(test.db, { mode: "test", eventId: id, candidates })).toEqual([expect.objectContaining({ type: "transfer", id: "2026112100000000000000043" })]);
    expect(await getLinkedSubjects(test.db, { mode: "live", eventId: id, candidates })).toEqual([]);
  });

  it("shows an event's subject and amount as its type declares them, and guesses none for a type it does not know", async () => {
    await send(renewalFailed("sub_declared", 1));
    // A field named like another type's amount means nothing here: an unknown type shows no amount and no subject.
    await send({ type: "refund.created", data: { id: "re_1", amount: 500, currency: "CRC" } });
    const { items } = await listEvents(test.db, { mode: "test", subjectId: "sub_declared" }, { limit: 10 });
    expect(items.map(({ subject, currency }) => ({ subject, currency }))).toEqual([{ subject: "sub_declared", currency: "CRC" }]);
    const unknown = await listEvents(test.db, { mode: "test", type: "refund.created" }, { limit: 10 });
    expect(unknown.items.map(({ status, subject, amount, currency }) => ({ status, subject, amount, currency }))).toEqual([
      { status: "unrecognized", subject: null, amount: null, currency: null },
    ]);
  });
});
