import { describe, expect, test } from "vitest";
import { addBusinessDays, isBusinessDay, isFedHoliday, localDate, nextLocalTime, zonedInstant, zoneOffset } from "./calendar.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("Fed holidays", () => {
  test("2026 as observed (a Saturday holiday is not moved)", () => {
    const days = ["1-1", "1-19", "2-16", "5-25", "6-19", "9-7", "10-12", "11-11", "11-26", "12-25"];
    for (const d of days) {
      const [m, day] = d.split("-").map(Number);
      expect(isFedHoliday(2026, m, day), d).toBe(true);
    }
    // July 4th 2026 is a Saturday: the Fed does not observe it on Friday the 3rd.
    expect(isFedHoliday(2026, 7, 3)).toBe(false);
    expect(isBusinessDay(at("2026-07-03T15:00:00Z"))).toBe(true);
  });

  test("a Sunday holiday is observed on the Monday", () => {
    expect(isFedHoliday(2027, 7, 5)).toBe(true); // July 4th 2027 is a Sunday
    expect(isFedHoliday(2022, 12, 26)).toBe(true); // Christmas 2022 was a Sunday
    expect(isFedHoliday(2023, 1, 2)).toBe(true); // New Year 2023 was a Sunday
  });
});

describe("business days", () => {
  test("weekends and holidays are skipped, the time of day kept", () => {
    expect(iso(addBusinessDays(at("2026-03-06T15:00:00Z"), 1))).toBe("2026-03-09T15:00:00.000Z"); // Fri -> Mon
    expect(iso(addBusinessDays(at("2026-01-16T15:00:00Z"), 1))).toBe("2026-01-20T15:00:00.000Z"); // Fri -> Tue after MLK day
    expect(iso(addBusinessDays(at("2026-11-25T15:00:00Z"), 2))).toBe("2026-11-30T15:00:00.000Z"); // over Thanksgiving
    expect(addBusinessDays(at("2026-03-02T15:00:00Z"), 0)).toBe(at("2026-03-02T15:00:00Z"));
  });

  test("the date is taken in New York: 02:00 UTC on a Saturday is still Friday there", () => {
    expect(isBusinessDay(at("2026-03-07T02:00:00Z"))).toBe(true);
    expect(isBusinessDay(at("2026-03-07T06:00:00Z"))).toBe(false);
  });
});

describe("time zones", () => {
  test("offsets follow daylight saving time", () => {
    expect(zoneOffset(at("2026-03-02T15:00:00Z"), "America/New_York")).toBe(-5 * 3600_000);
    expect(zoneOffset(at("2026-03-09T15:00:00Z"), "America/New_York")).toBe(-4 * 3600_000);
    expect(zoneOffset(at("2026-07-01T12:00:00Z"), "America/Los_Angeles")).toBe(-7 * 3600_000);
  });

  test("zone names are case-insensitive, as the fixtures write them", () => {
    expect(localDate(at("2026-03-02T03:00:00Z"), "america/new_york")).toMatchObject({ y: 2026, m: 3, d: 1, weekday: 0 });
  });

  test("a local wall time becomes the right instant on both sides of the change", () => {
    expect(iso(zonedInstant(2026, 3, 2, 22, 0, "America/New_York"))).toBe("2026-03-03T03:00:00.000Z");
    expect(iso(zonedInstant(2026, 3, 9, 22, 0, "America/New_York"))).toBe("2026-03-10T02:00:00.000Z");
  });

  test("nextLocalTime is strictly after, and crosses the DST change", () => {
    expect(iso(nextLocalTime(at("2026-03-02T15:00:00Z"), "22:00", "America/New_York"))).toBe("2026-03-03T03:00:00.000Z");
    expect(iso(nextLocalTime(at("2026-03-03T03:00:00Z"), "22:00", "America/New_York"))).toBe("2026-03-04T03:00:00.000Z");
    expect(iso(nextLocalTime(at("2026-03-08T12:00:00Z"), "22:00", "America/New_York"))).toBe("2026-03-09T02:00:00.000Z");
    expect(iso(nextLocalTime(at("2026-11-01T12:00:00Z"), "22:00", "america/chicago"))).toBe("2026-11-02T04:00:00.000Z");
  });
});
