import { describe, expect, test } from "vitest";
import { durationMs, formatDurationMs, isDuration, parseDuration } from "./duration.js";

describe("ISO 8601 durations", () => {
  test("parse and reject", () => {
    expect(durationMs(parseDuration("PT0.001S")!)).toBe(1);
    expect(durationMs(parseDuration("P1DT2H")!)).toBe(26 * 3600_000);
    for (const bad of ["P", "PT", "3 days", "P1.5D", "-P1D", ""]) expect(isDuration(bad), bad).toBe(false);
  });

  test("format round-trips fixed lengths", () => {
    expect(formatDurationMs(0)).toBe("PT0S");
    expect(formatDurationMs(1)).toBe("PT0.001S");
    expect(formatDurationMs(60_000)).toBe("PT1M");
    expect(formatDurationMs(86_400_000 + 1500)).toBe("P1DT1.5S");
    for (const ms of [0, 1, 999, 61_001, 3_600_000, 90_061_001]) expect(durationMs(parseDuration(formatDurationMs(ms))!)).toBe(ms);
  });
});
