import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCommand } from "../../src/cli/args.js";
import { createDouble } from "../../src/index.js";
import { expectEnvelope, setup } from "../helpers.js";

/** Issue 11 item 2: no duration or instant can take a world's clock out of range; each is a 400 naming the value. */
const HUGE = ["P300000000D", "PT99999999999999999H", "P1000000Y", "P10001Y", "P99999999999W"];
const yaml = (body: string) => ({ raw: `version: 1\nname: far\n${body}`, headers: { "content-type": "application/yaml" }, as: null });

async function stillServes(s: ReturnType<typeof setup>) {
  expect((await s.get("/_mock/health", { as: null })).status).toBe(200);
  expect((await s.get("/_mock/clock", { as: null })).status).toBe(200);
  expect((await s.get("/v1/clients/CLIENT-01JDEM0MERCHANT00000000000")).status).toBe(200);
  expect((await s.post("/_mock/reset", {}, { as: null })).status).toBe(200);
}

describe("item 2: clock overflow", () => {
  for (const by of HUGE) {
    it(`advance by ${by} is 400 naming it, and the world keeps answering`, async () => {
      const s = setup();
      const r = await s.post("/_mock/clock/advance", { by }, { as: null });
      expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
      expect(r.body.details.by).toContain(by);
      await stillServes(s);
    });
  }

  it("advancing step by step to the end of the clock stops with a 400, never past 9999", async () => {
    const s = setup();
    let last = 200;
    for (let i = 0; i < 3 && last === 200; i++) last = (await s.post("/_mock/clock/advance", { by: "P5000Y" }, { as: null })).status;
    expect(last).toBe(400);
    const to = await s.post("/_mock/clock/advance", { to: "9999-12-31T23:59:59.999-05:00" }, { as: null });
    expectEnvelope(to, 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(to.body.details)).toEqual(["to"]);
    await stillServes(s);
  });

  it("a tick at the last instant saturates instead of breaking the world", async () => {
    const s = setup();
    expect((await s.post("/_mock/clock/advance", { to: "9999-12-31T23:59:59.999Z" }, { as: null })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await s.get("/v1/clients/CLIENT-01JDEM0MERCHANT00000000000")).status).toBe(200);
    expect((await s.get("/_mock/clock", { as: null })).body.now).toBe("9999-12-31T23:59:59.999Z");
    await stillServes(s);
  });

  it("a timeline at, a schedule in, a settlement delay and a clock tick in a scenario are 400 naming the value", async () => {
    const s = setup();
    const cases = [
      yaml("timeline:\n  - at: P1000000Y\n    do: { advance: P1D }\n"),
      yaml("clock:\n  tick: PT99999999999999999H\n"),
      yaml("rules:\n  - when: { operation: createTransaction }\n    then: { settlement: { delay: P300000000D } }\n"),
    ];
    for (const c of cases) {
      const r = await s.call("POST", "/_mock/scenarios", c);
      expect(r.status, r.text).toBe(400);
      expect(r.text).toMatch(/P1000000Y|PT99999999999999999H|P300000000D/);
    }
    const sandbox = await s.call("POST", "/_mock/sandboxes", { as: null, body: { scenarios: [{ version: 1, name: "t", clock: { tick: "P1000000Y" } }] } });
    expect(sandbox.status, sandbox.text).toBe(400);
    await stillServes(s);
  });

  it("--tick beyond the clock's range is a start error, not a tick of PTNaNS", () => {
    for (const tick of ["P1000000Y", "PT99999999999999999H"]) {
      expect(parseCommand(["--tick", tick], {})).toMatchObject({ kind: "error" });
      expect(() => createDouble({ tick })).toThrow(/tick/);
    }
  });

  it("the ACH-return helper's in is 400 naming it", async () => {
    const s = setup();
    const r = await s.post("/_mock/transactions/TRANSACTION-X/ach-return", { in: "P1000000Y" }, { as: null });
    expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    expect(r.body.details.in).toContain("P1000000Y");
  });

  it("property: any duration either moves the clock forward by a representable amount or is a 400; the world always answers", async () => {
    const s = setup();
    const duration = fc
      .tuple(fc.constantFrom("Y", "M", "W", "D", "TH", "TM", "TS"), fc.oneof(fc.nat({ max: 20 }), fc.bigInt({ min: 0n, max: 10n ** 22n })))
      .map(([unit, n]) => (unit.startsWith("T") ? `PT${n}${unit[1]}` : `P${n}${unit}`));
    await fc.assert(
      fc.asyncProperty(duration, async (by) => {
        const before = (await s.get("/_mock/clock", { as: null })).body.now;
        const r = await s.post("/_mock/clock/advance", { by }, { as: null });
        expect([200, 400]).toContain(r.status);
        const after = (await s.get("/_mock/clock", { as: null })).body.now as string;
        expect(after >= before).toBe(true);
        expect(after).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect((await s.get("/_mock/health", { as: null })).status).toBe(200);
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});
