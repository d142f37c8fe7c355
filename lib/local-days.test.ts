import { describe, expect, it } from "vitest";
import { addDays, CHART_DAYS, localDay, overviewPeriods } from "./local-days";

const CR = "America/Costa_Rica";
const iso = (date: Date) => date.toISOString();

describe("overviewPeriods", () => {
  it("starts today at local midnight in Costa Rica (06:00 UTC), not at UTC midnight", () => {
    // Saturday 21 Nov 2026, 23:30 in Costa Rica, already Sunday in UTC.
    const { today } = overviewPeriods(new Date("2026-11-22T05:30:00Z"), CR);
    expect(today.from).toBe("2026-11-21");
    expect(iso(today.start)).toBe("2026-11-21T06:00:00.000Z");
    expect(iso(today.end)).toBe("2026-11-22T06:00:00.000Z");
  });

  it("moves to the next day at 00:30 local time", () => {
    const { today } = overviewPeriods(new Date("2026-11-22T06:30:00Z"), CR);
    expect(today.from).toBe("2026-11-22");
    expect(iso(today.start)).toBe("2026-11-22T06:00:00.000Z");
  });

  it("starts the week on Monday, through the end of today", () => {
    // Sunday the 22nd: the week began on Monday the 16th.
    const sunday = overviewPeriods(new Date("2026-11-22T18:00:00Z"), CR).week;
    expect([sunday.from, sunday.to]).toEqual(["2026-11-16", "2026-11-22"]);
    expect(iso(sunday.start)).toBe("2026-11-16T06:00:00.000Z");
    expect(iso(sunday.end)).toBe("2026-11-23T06:00:00.000Z");
    // Monday 00:30 local is a new week of one day; 23:30 on Sunday was still the old one.
    expect(overviewPeriods(new Date("2026-11-23T06:30:00Z"), CR).week.from).toBe("2026-11-23");
    expect(overviewPeriods(new Date("2026-11-23T05:30:00Z"), CR).week.from).toBe("2026-11-16");
  });

  it("covers 30 calendar days for the chart, ending today, across a month boundary, each day after the last", () => {
    const { days } = overviewPeriods(new Date("2026-11-21T12:00:00Z"), CR);
    expect(days).toHaveLength(CHART_DAYS);
    expect(days[0]).toEqual({ day: "2026-10-23", start: new Date("2026-10-23T06:00:00Z"), end: new Date("2026-10-24T06:00:00Z") });
    expect(days.at(-1)!.day).toBe("2026-11-21");
    expect(days.slice(1).every((d, i) => d.start.getTime() === days[i]!.end.getTime())).toBe(true);
  });

  it("keeps whole local days where DST changes the length of a day", () => {
    // New York fell back on 1 Nov 2026: that Sunday lasted 25 hours, and the week holds it whole.
    const { week, today, days } = overviewPeriods(new Date("2026-11-01T20:00:00Z"), "America/New_York");
    expect(week.from).toBe("2026-10-26");
    expect(iso(today.start)).toBe("2026-11-01T04:00:00.000Z");
    expect(iso(today.end)).toBe("2026-11-02T05:00:00.000Z");
    expect(days.at(-1)).toEqual({ day: "2026-11-01", start: today.start, end: today.end });
  });
});

describe("day helpers", () => {
  it("adds calendar days across months and leap years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("names the local day of an instant", () => {
    expect(localDay(new Date("2026-11-22T03:00:00Z"), CR)).toBe("2026-11-21");
    expect(localDay(new Date("2026-11-22T03:00:00Z"), "UTC")).toBe("2026-11-22");
  });
});
