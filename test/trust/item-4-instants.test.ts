import { describe, expect, test } from "vitest";
import { expectEnvelope, setup } from "../helpers.js";
import { achSale, expectTransaction } from "../payments-helpers.js";

/**
 * Issue 21 item 4: every instant the double can come to hold (the ACH-return helper's `in`, a
 * timeline's `at`, a rule's `schedule[].in`, a settlement delay, a clock start) is checked against
 * the range `POST /_mock/clock/advance` uses, with a 400 naming the value, and a refused input
 * leaves the world as it was.
 */

type T = ReturnType<typeof setup>;
const LAST = "9999-12-31T23:59:59.999Z";
const load = (t: T, yaml: string) => t.call("POST", "/_mock/scenarios", { as: null, raw: yaml, headers: { "content-type": "application/yaml" } });
const clock = async (t: T) => (await t.get("/_mock/clock", { as: null })).body;
const scenarios = async (t: T) => (await t.get("/_mock/scenarios", { as: null })).body.scenarios.map((s: { name: string }) => s.name);

/** Every instant a world shows stays in the four-digit-year form. */
function expectFourDigitYears(value: unknown) {
  for (const m of JSON.stringify(value).matchAll(/"(?:at|now)":"([^"]*)"/g)) expect(m[1]).toMatch(/^\d{4}-/);
}

describe("item 4: instants past the clock's last instant are refused", () => {
  test("ach-return {in: P9000Y} is 400 naming `in`; nothing is scheduled", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", achSale()));
    const before = await clock(t);
    const env = expectEnvelope(await t.post(`/_mock/transactions/${tx.id}/ach-return`, { in: "P9000Y" }, { as: null }), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!)).toEqual(["in"]);
    expect(env.details!.in).toContain("P9000Y");
    expect(env.details!.in).toContain(LAST);
    expect((await clock(t)).pending).toEqual(before.pending);
    // The longest that fits is still accepted.
    expect((await t.post(`/_mock/transactions/${tx.id}/ach-return`, { in: "P7000Y" }, { as: null })).status).toBe(202);
    expectFourDigitYears(await clock(t));
  });

  test("a timeline at P9000Y does not load: 400 naming timeline.0.at, the active set and the clock unchanged", async () => {
    const t = setup();
    const names = await scenarios(t);
    const before = await clock(t);
    const env = expectEnvelope(await load(t, "version: 1\nname: far\ntimeline:\n  - { at: P9000Y, do: close_batches }\n"), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!)).toEqual(["timeline.0.at"]);
    expect(env.details!["timeline.0.at"]).toContain("P9000Y");
    expect(await scenarios(t)).toEqual(names);
    expect(await clock(t)).toEqual({ ...before, now: (await clock(t)).now });
    expectFourDigitYears(await clock(t));
  });

  test("a timeline instant past the range (an offset that carries it into year 10000) is refused", async () => {
    const t = setup();
    const env = expectEnvelope(await load(t, "version: 1\nname: far\ntimeline:\n  - { at: '9999-12-31T23:59:59.999-05:00', do: close_batches }\n"), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!)).toEqual(["timeline.0.at"]);
  });

  test("a rule's schedule in and settlement delay past the range: 400 naming each value", async () => {
    const t = setup();
    const yaml = [
      "version: 1",
      "name: far-rules",
      "rules:",
      "  - when: { operation: createTransaction }",
      "    then: { schedule: [{ event: ach_return, in: P9000Y }] }",
      "  - when: { operation: createTransaction }",
      "    then: { settlement: { delay: P9500Y } }",
      "",
    ].join("\n");
    const env = expectEnvelope(await load(t, yaml), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!).sort()).toEqual(["rules.0.then.schedule.0.in", "rules.1.then.settlement.delay"]);
    expect(await scenarios(t)).not.toContain("far-rules");
  });

  test("a sandbox whose scenario's timeline falls past the range is not created", async () => {
    const t = setup();
    const file = "version: 1\nname: far\ntimeline:\n  - { at: P9000Y, do: close_batches }\n";
    const env = expectEnvelope(await t.post("/_mock/sandboxes", { scenarios: [file] }, { as: null }), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!)).toEqual(["scenarios.0.timeline.0.at"]);
    expect((await t.get("/_mock/sandboxes", { as: null })).body.sandboxes).toEqual([]);
  });

  test("a scenario clock start past the range is refused", async () => {
    const t = setup();
    const file = "version: 1\nname: late\nclock: { start: '9999-12-31T23:00:00-05:00' }\n";
    const env = expectEnvelope(await t.post("/_mock/sandboxes", { scenarios: [file] }, { as: null }), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!)).toEqual(["scenarios.0.clock.start"]);
  });

  test("a rule that fires near the clock's end schedules at most at its last instant", async () => {
    const t = setup();
    expect((await load(t, "version: 1\nname: later\nrules:\n  - when: { operation: createTransaction }\n    then: { schedule: [{ event: ach_return, after: now, in: P30D }] }\n")).status).toBe(201);
    expect((await t.post("/_mock/clock/advance", { to: "9999-12-30T00:00:00.000Z" }, { as: null })).status).toBe(200);
    expectTransaction(await t.post("/v1/transactions", achSale()));
    const pending = (await clock(t)).pending;
    expect(pending.map((p: { at: string }) => p.at)).toContain(LAST);
    expectFourDigitYears(pending);
  });
});

describe("item 4: the clock's start", () => {
  test("a start outside the range is refused by the library and the command line", async () => {
    const { createDouble } = await import("../../src/index.js");
    expect(() => createDouble({ clockStart: "9999-12-31T23:00:00-05:00" })).toThrow(/9999-12-31T23:59:59.999Z/);
    const { parseCommand } = await import("../../src/cli/args.js");
    expect(parseCommand(["--clock-start", "0000-01-01T00:00:00+01:00"], {})).toMatchObject({ kind: "error", message: expect.stringContaining("0000-01-01T00:00:00.000Z") });
  });
});
