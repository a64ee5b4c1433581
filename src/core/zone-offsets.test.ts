import { describe, expect, test } from "vitest";
import { ZONE_OFFSETS, ZONE_TABLE_FROM, ZONE_TABLE_TO } from "./zone-offsets.js";
import { localDate, zoneOffset } from "./calendar.js";

// The table stands in for Intl (src/core/calendar.ts); these checks hold it to what the running
// Node's Intl says, so a tz rule change fails here: regenerate with `node scripts/zone-offsets.mjs`.
const formats = new Map<string, Intl.DateTimeFormat>();
function intlOffset(ms: number, zone: string): number {
  const f = formats.get(zone) ?? new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
  formats.set(zone, f);
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute, +p.second) - (ms - (ms % 1000));
}

describe("zone offset table", () => {
  test("every change, a second before and at it, and every 97 hours between, agree with Intl", () => {
    for (const [zone, rows] of Object.entries(ZONE_OFFSETS)) {
      for (let i = 0; i < rows.length; i += 2) {
        const at = rows[i] * 60_000;
        expect(zoneOffset(at, zone), `${zone} at ${new Date(at).toISOString()}`).toBe(intlOffset(at, zone));
        if (at > ZONE_TABLE_FROM) expect(zoneOffset(at - 1000, zone)).toBe(intlOffset(at - 1000, zone));
      }
      for (let t = ZONE_TABLE_FROM; t < ZONE_TABLE_TO; t += 97 * 3_600_000 + 1234) expect(zoneOffset(t, zone)).toBe(intlOffset(t, zone));
    }
  }, 60_000);

  test("outside the table and for other zones, Intl answers", () => {
    expect(zoneOffset(Date.UTC(1960, 6, 1), "America/New_York")).toBe(intlOffset(Date.UTC(1960, 6, 1), "America/New_York"));
    expect(zoneOffset(Date.UTC(2150, 6, 1), "America/Chicago")).toBe(-5 * 3_600_000);
    expect(zoneOffset(Date.UTC(2026, 6, 1), "Europe/Paris")).toBe(2 * 3_600_000);
    expect(() => localDate(Date.UTC(2026, 2, 2, 3), "constructor")).toThrow(RangeError); // not a table row
  });

  test("local dates agree with Intl across a year of hours in New York", () => {
    const f = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", year: "numeric", month: "numeric", day: "numeric" });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
      const d = localDate(t, "america/new_york");
      expect([d.y, d.m, d.d]).toEqual([+p.year, +p.month, +p.day]);
    }
  });
});
