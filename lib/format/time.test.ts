import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatCount, formatDate, formatDateTime, formatLocalTimestamp, formatRelativeTime, formatTimeAgo, formatUtc, timeZonePlace } from "./time";
import { translatorFor } from "@/lib/i18n/translator";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("time helpers", () => {
  it("shows an instant in Costa Rica's zone (UTC-6) by default", () => {
    expect(plain(formatDateTime("2026-11-21T10:23:45Z", "es-CR"))).toBe("21 nov 2026, 4:23 a. m.");
    expect(plain(formatDateTime("2026-11-21T10:23:45Z", "en-US"))).toBe("Nov 21, 2026, 4:23 AM");
  });

  it("moves the calendar day when the zone is behind UTC", () => {
    expect(plain(formatDate("2026-11-22T03:00:00Z", "en-US"))).toBe("Nov 21, 2026");
    expect(plain(formatDate("2026-11-22T03:00:00Z", "en-US", "UTC"))).toBe("Nov 22, 2026");
  });

  it("honours another zone", () => {
    expect(plain(formatDateTime("2026-11-21T10:23:45Z", "en-US", "America/Guatemala"))).toBe("Nov 21, 2026, 4:23 AM");
    expect(plain(formatDateTime("2026-07-01T12:00:00Z", "en-US", "America/New_York"))).toBe("Jul 1, 2026, 8:00 AM");
  });

  it("gives the exact UTC instant for the hover title", () => {
    expect(formatUtc("2026-11-21T10:23:45.123Z")).toBe("2026-11-21 10:23:45 UTC");
    expect(formatUtc(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe("2026-01-02 03:04:05 UTC");
  });

  it("writes an export's wall-clock time in the named zone, sortable and without AM/PM", () => {
    expect(formatLocalTimestamp("2026-11-21T10:23:45.678Z", "America/Costa_Rica")).toBe("2026-11-21 04:23:45");
    expect(formatLocalTimestamp("2026-11-22T03:00:00Z", "America/Costa_Rica")).toBe("2026-11-21 21:00:00");
    expect(formatLocalTimestamp("2026-11-21T00:00:00Z", "UTC")).toBe("2026-11-21 00:00:00");
    // Summer time in New York (UTC-4), winter (UTC-5).
    expect(formatLocalTimestamp("2026-07-01T12:00:00Z", "America/New_York")).toBe("2026-07-01 08:00:00");
    expect(formatLocalTimestamp("2026-12-01T12:00:00Z", "America/New_York")).toBe("2026-12-01 07:00:00");
  });

  it("refuses a value that is not a time", () => {
    expect(() => formatDateTime("yesterday-ish", "en-US")).toThrow(RangeError);
  });
});

describe("formatCalendarDay", () => {
  it("names a calendar day without shifting it through a zone", () => {
    expect(plain(formatCalendarDay("2026-11-21", "es-CR"))).toBe("sáb, 21 nov");
    expect(formatCalendarDay("2026-11-21", "en-US")).toBe("Sat, Nov 21");
    expect(formatCalendarDay("2026-11-21", "es-CR", { dateStyle: "full" })).toBe("sábado, 21 de noviembre de 2026");
  });
});

describe("formatRelativeTime and formatCount", () => {
  const now = "2026-11-21T10:23:45Z";
  it("says how long ago in the largest whole unit, in each language", () => {
    expect(formatRelativeTime("2026-11-21T10:21:30Z", "es-CR", now)).toBe("hace 2 minutos");
    expect(formatRelativeTime("2026-11-21T10:21:30Z", "en-US", now)).toBe("2 minutes ago");
    expect(formatRelativeTime("2026-11-21T07:00:00Z", "en-US", now)).toBe("3 hours ago");
    expect(formatRelativeTime("2026-11-19T10:00:00Z", "es-CR", now)).toBe("hace 2 días");
    expect(formatRelativeTime(now, "en-US", now)).toBe("now");
  });
  it("says a time just past, or a little ahead of this clock, as a second ago rather than now or to come", () => {
    expect(formatTimeAgo(now, "es-CR", now)).toBe("hace 1 segundo");
    expect(formatTimeAgo("2026-11-21T10:23:47Z", "en-US", now)).toBe("1 second ago");
    expect(formatTimeAgo("2026-11-21T10:20:45Z", "es-CR", now)).toBe("hace 3 minutos");
  });
  it("groups thousands the locale's way", () => {
    expect(plain(formatCount(20000, "es-CR"))).toBe("20 000");
    expect(formatCount(20000, "en-US")).toBe("20,000");
  });
});

describe("timeZonePlace", () => {
  it("names a zone by its place, not its IANA id, in the sentences operators read", () => {
    expect(timeZonePlace("America/Costa_Rica")).toBe("Costa Rica");
    expect(timeZonePlace("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    expect(timeZonePlace("UTC")).toBe("UTC");
    expect(timeZonePlace("Etc/GMT+6")).toBe("Etc/GMT+6");
    const name = timeZonePlace("America/Costa_Rica");
    expect(translatorFor("es")("dataTable.timeZone", { name })).toBe("Fechas y horas según la hora de Costa Rica");
    expect(translatorFor("en")("dataTable.timeZone", { name })).toBe("Dates and times in Costa Rica time");
  });
});
