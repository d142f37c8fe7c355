import { describe, expect, it } from "vitest";
import { isCalendarDay } from "@/lib/calendar-day";
import { addUp, periodOf, periodParamsSchema, sameFigures, shiftPeriod, type PeriodFigures } from "./periods";

const CR = "America/Costa_Rica";
const iso = (d: Date) => d.toISOString();

describe("periodOf: a day, week or month in the zone", () => {
  it("a Costa Rica day runs from 06:00 UTC to 06:00 UTC the next day (UTC-6 all year)", () => {
    const p = periodOf("day", "2026-11-18", CR);
    expect([p.from, p.to, iso(p.start), iso(p.end)]).toEqual(["2026-11-18", "2026-11-18", "2026-11-18T06:00:00.000Z", "2026-11-19T06:00:00.000Z"]);
  });

  it("a week runs Monday to Sunday, across a month end", () => {
    const p = periodOf("week", "2026-12-02", CR); // a Wednesday
    expect([p.from, p.to, iso(p.start), iso(p.end)]).toEqual(["2026-11-30", "2026-12-06", "2026-11-30T06:00:00.000Z", "2026-12-07T06:00:00.000Z"]);
    expect(periodOf("week", "2026-12-06", CR).from).toBe("2026-11-30"); // Sunday belongs to the week before it
    expect(periodOf("week", "2026-11-30", CR).from).toBe("2026-11-30");
  });

  it("months end on their own last day: 28, 29, 30 or 31", () => {
    expect(periodOf("month", "2026-02-14", CR).to).toBe("2026-02-28");
    expect(periodOf("month", "2028-02-01", CR).to).toBe("2028-02-29");
    expect(periodOf("month", "2026-04-30", CR).to).toBe("2026-04-30");
    const dec = periodOf("month", "2026-12-31", CR);
    expect([dec.from, dec.to, iso(dec.start), iso(dec.end)]).toEqual(["2026-12-01", "2026-12-31", "2026-12-01T06:00:00.000Z", "2027-01-01T06:00:00.000Z"]);
  });

  it("in a zone with DST a day is 23 or 25 hours, still whole", () => {
    const spring = periodOf("day", "2026-03-08", "America/New_York");
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const month = periodOf("month", "2026-11-10", "America/New_York");
    expect([iso(month.start), iso(month.end)]).toEqual(["2026-11-01T04:00:00.000Z", "2026-12-01T05:00:00.000Z"]);
  });

  it("steps to the period before and after", () => {
    expect(shiftPeriod(periodOf("day", "2026-03-01", CR), -1, CR)?.from).toBe("2026-02-28");
    expect(shiftPeriod(periodOf("week", "2026-12-31", CR), 1, CR)?.from).toBe("2027-01-04");
    expect(shiftPeriod(periodOf("month", "2026-01-31", CR), -1, CR)?.from).toBe("2025-12-01");
  });

  it("refuses a day that is not on the calendar", () => {
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(() => periodOf("day", "2026-13-01", CR)).toThrow(RangeError);
  });

  it("takes days from 1970 to 9998 only: year 10000 is past what PostgreSQL and toISOString take, years 0–99 read as 19xx", () => {
    for (const day of ["9999-12-31", "9999-01-01", "0050-01-01", "0000-01-01", "1969-12-31"]) {
      expect(isCalendarDay(day), day).toBe(false);
      expect(periodParamsSchema.safeParse({ kind: "week", date: day, currency: "CRC" }).success, day).toBe(false);
    }
    expect(isCalendarDay("1970-01-01")).toBe(true);
    expect(isCalendarDay("9998-12-31")).toBe(true);
    // The last day's week, month and day all end in year 9999, still written as an ISO instant.
    const week = periodOf("week", "9998-12-31", CR);
    expect([week.from, week.to, iso(week.end)]).toEqual(["9998-12-28", "9999-01-03", "9999-01-04T06:00:00.000Z"]);
    expect(iso(periodOf("month", "9998-12-31", CR).end)).toBe("9999-01-01T06:00:00.000Z");
  });

  it("has no period to step to past those years; the first week of 1970 began in 1969", () => {
    expect(shiftPeriod(periodOf("day", "9998-12-31", CR), 1, CR)).toBeNull();
    expect(shiftPeriod(periodOf("week", "9998-12-31", CR), 1, CR)).toBeNull();
    expect(shiftPeriod(periodOf("month", "9998-12-31", CR), 1, CR)).toBeNull();
    expect(shiftPeriod(periodOf("day", "1970-01-01", CR), -1, CR)).toBeNull();
    expect(shiftPeriod(periodOf("month", "1970-01-31", CR), -1, CR)).toBeNull();
    const first = shiftPeriod(periodOf("week", "1970-01-05", CR), -1, CR);
    expect([first?.from, first?.to]).toEqual(["1969-12-29", "1970-01-04"]);
    expect(shiftPeriod(first!, -1, CR)).toBeNull();
  });
});

describe("periodParamsSchema: the URL's period", () => {
  it("reads kind, date and currency, upper-casing the code", () => {
    expect(periodParamsSchema.parse({ kind: "month", date: "2026-11-01", currency: "crc" })).toEqual({ kind: "month", date: "2026-11-01", currency: "CRC" });
  });
  it("says which field is wrong", () => {
    const result = periodParamsSchema.safeParse({ kind: "year", date: "2026-02-30", currency: "colones" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0])).toEqual(["kind", "date", "currency"]);
  });
});

describe("addUp: received = confirmed + accepted + open", () => {
  const figures = (over: Partial<PeriodFigures> = {}): PeriodFigures => ({
    received: { count: 6, amount: 6_800_050 },
    confirmed: { count: 3, amount: 4_500_000 },
    accepted: { count: 1, amount: 300_000 },
    suggested: { count: 1, amount: 1_500_000 },
    unmatched: { count: 1, amount: 500_050 },
    ...over,
  });

  it("adds up to the minor unit", () => {
    expect(addUp(figures())).toEqual({ open: { count: 2, amount: 2_000_050 }, accounted: { count: 6, amount: 6_800_050 }, difference: { count: 0, amount: 0 }, addsUp: true });
  });

  it("one céntimo off is a difference", () => {
    const result = addUp(figures({ received: { count: 6, amount: 6_800_051 } }));
    expect(result.addsUp).toBe(false);
    expect(result.difference).toEqual({ count: 0, amount: 1 });
  });

  it("a transfer received but in no figure is a difference of one transfer and its amount", () => {
    const result = addUp(figures({ received: { count: 7, amount: 7_000_050 } }));
    expect(result).toMatchObject({ addsUp: false, difference: { count: 1, amount: 200_000 } });
  });
});

describe("sameFigures", () => {
  const f: PeriodFigures = { received: { count: 2, amount: 300 }, confirmed: { count: 1, amount: 100 }, accepted: { count: 0, amount: 0 }, suggested: { count: 1, amount: 200 }, unmatched: { count: 0, amount: 0 } };
  it("compares line by line, whatever order jsonb gave the keys back in", () => {
    const reordered = JSON.parse(JSON.stringify({ unmatched: f.unmatched, suggested: f.suggested, accepted: f.accepted, confirmed: f.confirmed, received: f.received })) as PeriodFigures;
    expect(sameFigures(f, reordered)).toBe(true);
    expect(sameFigures(f, { ...f, suggested: { count: 0, amount: 0 }, unmatched: { count: 1, amount: 200 } })).toBe(false);
  });
});
