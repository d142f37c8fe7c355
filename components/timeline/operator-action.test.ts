import { describe, expect, it } from "vitest";
import type { OperatorAction } from "@/db/queries/timeline";
import { formatDate } from "@/lib/format/time";
import { translatorFor } from "@/lib/i18n/translator";
import type { Translator } from "@/lib/i18n/server";
import { describeOperatorAction } from "./operator-action";

// A failed renewal's follow-up on the subscription's history names the renewal's period by its first day, in the
// operator's zone, as the subscription's renewals table beside it does (components/detail/period.tsx).

const CR = "America/Costa_Rica";
const t = translatorFor("es", CR, (error) => {
  throw error;
}) as unknown as Translator;

const assigned = (periodStart: string): OperatorAction => ({
  id: 1, subjectType: "subscription", subjectId: "sub_1", action: "renewal.follow_up.assign", at: new Date("2026-12-02T15:00:00Z"),
  actor: "ana@ops.test", operatorName: "Ana", amount: null, currency: null, reason: null, reference: null, errorCode: null,
  assigneeName: "Ana", contact: null, note: null, promisedBy: null, periodStart,
});

describe("a follow-up's period on the timeline", () => {
  it("is the day the period starts in the operator's zone: a period starting at 03:00 UTC on 1 December started on 30 November in Costa Rica", () => {
    const start = "2026-12-01T03:00:00.000Z";
    expect(describeOperatorAction(assigned(start), t, "es-CR", CR).detail).toEqual(["Período del 30 nov 2026"]);
    // The renewals table on the same page says the same day.
    expect(formatDate(start, "es-CR", CR)).toContain("30 nov 2026");
    // At 06:00 UTC (midnight in Costa Rica) it is the 1st there too; a year's last period is named in its own year.
    expect(describeOperatorAction(assigned("2026-12-01T06:00:00.000Z"), t, "es-CR", CR).detail).toEqual(["Período del 1 dic 2026"]);
    expect(describeOperatorAction(assigned("2027-01-01T05:59:00.000Z"), t, "es-CR", CR).detail).toEqual(["Período del 31 dic 2026"]);
    expect(describeOperatorAction(assigned(start), t, "es-CR", "UTC").detail).toEqual(["Período del 1 dic 2026"]);
  });
});
