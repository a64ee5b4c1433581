import { afterEach, describe, expect, test, vi } from "vitest";
import { expectEnvelope, MERCHANT, setup } from "./helpers.js";
import { loadYaml } from "./scenario-helpers.js";

const advance = (t: ReturnType<typeof setup>, body: unknown, root = "") => t.post(`${root}/_mock/clock/advance`, body, { as: null });

const TIMELINE = `version: 1
name: days
timeline:
  - { at: P2D, do: settle_batches }
  - { at: P1D, do: close_batches }
  - { at: 2026-03-03T15:00:00.000Z, do: expire_tokens }
`;

describe("the simulated clock", () => {
  test("GET /_mock/clock shows now, the tick as a duration, and pending events", async () => {
    const t = setup({ tick: "PT1S" });
    expect((await t.get("/_mock/clock", { as: null })).body).toEqual({ now: "2026-03-02T15:00:00.000Z", tick: "PT1S", pending: [] });
    await t.get(`/v1/clients/${MERCHANT.id}`);
    expect((await t.get("/_mock/clock", { as: null })).body.now).toBe("2026-03-02T15:00:01.000Z");
  });

  test("a world whose clock starts in 1970 or before answers payments with seeded ids", async () => {
    const sale = { type: "SALE", amount: 1500, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } } };
    for (const clockStart of ["1960-06-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z"]) {
      const [a, b] = [setup({ clockStart, tick: "PT0S" }), setup({ clockStart, tick: "PT0S" })];
      const [ra, rb] = [await a.post("/v1/transactions", sale), await b.post("/v1/transactions", sale)];
      expect(ra.status, clockStart).toBe(200);
      // Same seed, same requests: the same id (the time part of a ULID cannot go before 1970: 0).
      expect(ra.body.id).toBe(rb.body.id);
      expect(ra.body.id).toMatch(/^TRANSACTION-0000000000/);
    }
  });

  test("control calls do not tick; gateway calls add the tick", async () => {
    const t = setup();
    await t.get("/_mock/health", { as: null });
    expect((await t.get("/_mock/clock", { as: null })).body.now).toBe("2026-03-02T15:00:00.000Z");
    await t.get(`/v1/clients/${MERCHANT.id}`);
    expect((await t.get("/_mock/clock", { as: null })).body).toMatchObject({ now: "2026-03-02T15:00:00.001Z", tick: "PT0.001S" });
  });

  test("advance by a duration, to an instant, and until the next event", async () => {
    const t = setup();
    expect((await advance(t, { by: "P3D" })).body).toEqual({ now: "2026-03-05T15:00:00.000Z", fired: [] });
    expect((await advance(t, { by: "PT1H30M" })).body.now).toBe("2026-03-05T16:30:00.000Z");
    expect((await advance(t, { to: "2026-04-01T00:00:00Z" })).body.now).toBe("2026-04-01T00:00:00.000Z");
    expect((await advance(t, { until: "next_event" })).body).toEqual({ now: "2026-04-01T00:00:00.000Z", fired: [] });
  });

  test("the clock never goes back: 409, and nothing moves", async () => {
    const t = setup();
    await advance(t, { by: "P1D" });
    const r = await advance(t, { to: "2026-03-02T15:00:00.000Z" });
    expectEnvelope(r, 409, "DUPLICATE_ACTION");
    expect((await t.get("/_mock/clock", { as: null })).body.now).toBe("2026-03-03T15:00:00.000Z");
  });

  test("advance takes exactly one of by, to, until; a bad duration is 400", async () => {
    const t = setup();
    expectEnvelope(await advance(t, { by: "P1D", to: "2026-03-05T00:00:00Z" }), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await advance(t, {}), 400, "INVALID_REQUEST_DATA");
    const bad = expectEnvelope(await advance(t, { by: "3 days" }), 400, "INVALID_REQUEST_DATA");
    expect(bad.details).toHaveProperty("by");
    expectEnvelope(await advance(t, { until: "tomorrow" }), 400, "INVALID_REQUEST_DATA");
  });

  test("timeline entries are scheduled at creation and fire in (time, sequence) order", async () => {
    const t = setup({ scenarios: [] });
    await loadYaml(t, TIMELINE);
    const pending = (await t.get("/_mock/clock", { as: null })).body.pending;
    expect(pending).toEqual([
      { at: "2026-03-03T15:00:00.000Z", event: "timeline", subject: "close_batches" },
      { at: "2026-03-03T15:00:00.000Z", event: "timeline", subject: "expire_tokens" },
      { at: "2026-03-04T15:00:00.000Z", event: "timeline", subject: "settle_batches" },
    ]);
    const step = await advance(t, { until: "next_event" });
    expect(step.body).toEqual({
      now: "2026-03-03T15:00:00.000Z",
      fired: [
        { at: "2026-03-03T15:00:00.000Z", event: "timeline", subject: "close_batches" },
        { at: "2026-03-03T15:00:00.000Z", event: "timeline", subject: "expire_tokens" },
      ],
    });
    const rest = await advance(t, { by: "P30D" });
    expect(rest.body.fired).toEqual([{ at: "2026-03-04T15:00:00.000Z", event: "timeline", subject: "settle_batches" }]);
    expect(rest.body.now).toBe("2026-04-02T15:00:00.000Z");
  });

  test("a start file's timeline is pending from the first request; unloading a later file drops its entries", async () => {
    const t = setup({ scenarios: [{ version: 1, name: "start", rules: [], timeline: [{ at: "P1D", do: "close_batches" }] }] });
    await loadYaml(t, TIMELINE.replace("name: days", "name: later"));
    expect((await t.get("/_mock/clock", { as: null })).body.pending).toHaveLength(4);
    await t.call("DELETE", "/_mock/scenarios", { as: null });
    expect((await t.get("/_mock/clock", { as: null })).body.pending).toEqual([{ at: "2026-03-03T15:00:00.000Z", event: "timeline", subject: "close_batches" }]);
  });

  test("a start file's clock and seed apply; explicit options win", async () => {
    const file = { version: 1 as const, name: "c", seed: 99, clock: { start: "2026-06-01T12:00:00.000Z", tick: "PT1M" }, rules: [], timeline: [] };
    const t = setup({ scenarios: [file] });
    expect((await t.get("/_mock/health", { as: null })).body).toMatchObject({ seed: "99", now: "2026-06-01T12:00:00.000Z" });
    expect((await t.get("/_mock/clock", { as: null })).body.tick).toBe("PT1M");
    const u = setup({ scenarios: [file], seed: "mine", clockStart: "2026-03-02T15:00:00.000Z" });
    expect((await u.get("/_mock/health", { as: null })).body).toMatchObject({ seed: "mine", now: "2026-03-02T15:00:00.000Z" });
  });
});

describe("real-time mode", () => {
  afterEach(() => void vi.useRealTimers());

  test("the clock follows wall time from the start instant, and advance still moves it ahead", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-01-01T00:00:00.000Z"));
    const t = setup({ realtime: true });
    vi.setSystemTime(new Date("2031-01-01T00:00:05.000Z"));
    expect((await t.get("/_mock/clock", { as: null })).body.now).toBe("2026-03-02T15:00:05.000Z");
    await t.get(`/v1/clients/${MERCHANT.id}`);
    expect((await t.get("/_mock/clock", { as: null })).body.now).toBe("2026-03-02T15:00:05.000Z");
    await advance(t, { by: "PT1H" });
    vi.setSystemTime(new Date("2031-01-01T00:00:07.000Z"));
    expect((await t.get("/_mock/clock", { as: null })).body.now).toBe("2026-03-02T16:00:07.000Z");
  });
});
