import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { INSTANT_OUT_OF_RANGE } from "../../src/core/instant.js";
import { sealDeep, unsealDeep } from "../../src/core/seal.js";
import { replayLog } from "../../src/replay/replay.js";
import { ensureBuilt } from "../built-cli.js";
import { setup } from "../helpers.js";
import { sale } from "../payments-helpers.js";

/**
 * Issue 21 item 11: a replay log is input. A hostile or damaged one (an `rid` of 1e9 or 1e12, a
 * clock start past the last instant, header scenarios a live double refuses, a negative tick, a
 * newer version, a fractional or huge journal limit) is refused at once with one line naming the
 * problem: by `replayLog`, by `paydouble replay FILE` and by `paydouble --replay FILE`, never a hang
 * or a stack trace.
 */
let good = "";
beforeAll(async () => {
  const slow = "version: 1\nname: slow\nrules:\n  - when: { operation: getClient }\n    then: { delay_ms: 10, fail: { error: SYSTEM_ERROR, status: 503 } }\n";
  const file = join(mkdtempSync(join(tmpdir(), "hostile-scenario-")), "slow.yaml");
  writeFileSync(file, slow);
  const t = setup({ seed: "hostile", scenarios: [file] });
  await t.post("/v1/transactions", sale());
  await t.post("/_mock/clock/advance", { by: "PT1H" }, { as: null });
  good = (await t.get("/_mock/journal/export", { as: null })).text;
});

const lines = () => good.trimEnd().split("\n").map((l) => JSON.parse(l));
const write = (ls: unknown[]) => ls.map((l) => JSON.stringify(l)).join("\n") + "\n";
/** The log with its (sealed) header options changed. */
function withOptions(change: (o: any) => void): string {
  const ls = lines();
  const options = JSON.parse(JSON.stringify(unsealDeep(ls[0].options, ls[0].seed)));
  change(options);
  ls[0].options = sealDeep(options, ls[0].seed);
  return write(ls);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const CASES: [string, () => string, RegExp][] = [
  ["an entry rid of 1e9", () => write(lines().map((l, i) => (i === 1 ? { ...l, rid: 1e9 } : l))), /line 2: rid: must be at most 2000000/],
  ["an end rid of 1e12", () => write(lines().map((l) => (l.kind === "end" ? { ...l, rid: 1e12 } : l))), /rid: must be at most 2000000/],
  // The clock's range and its sentence come from core/instant.ts, as for --clock-start and createDouble.
  ["clockStart 9e15", () => withOptions((o) => (o.clockStart = 9e15)), new RegExp(`clockStart: 9000000000000000 ${escaped(INSTANT_OUT_OF_RANGE)}`)],
  ["clockStart before year 0", () => withOptions((o) => (o.clockStart = -62167219200001)), new RegExp(`clockStart: -62167219200001 ${escaped(INSTANT_OUT_OF_RANGE)}`)],
  ["a scenario delay_ms of a day", () => withOptions((o) => (o.scenarios[0].rules[0].then.delay_ms = 86_400_000)), /options\.scenarios\[0\].*delay_ms/],
  ["a scenario fail.status of 999", () => withOptions((o) => (o.scenarios[0].rules[0].then.fail.status = 999)), /options\.scenarios\[0\].*status/],
  ["a tick of P-1D", () => withOptions((o) => (o.tickMs = -86_400_000)), /tickMs: must not be negative/],
  ["version 99.0.0", () => write(lines().map((l, i) => (i === 0 ? { ...l, version: "99.0.0" } : l))), /99\.0\.0 is newer than this paydouble/],
  ["journal limit 2.5", () => withOptions((o) => (o.journalLimit = 2.5)), /journalLimit: must be a whole number/],
  ["journal limit -1", () => withOptions((o) => (o.journalLimit = -1)), /journalLimit/],
  ["journal limit 1e15", () => withOptions((o) => (o.journalLimit = 1e15)), /journalLimit/],
  ["an unknown kind", () => write(lines().map((l, i) => (i === 1 ? { ...l, kind: "evil" } : l))), /line 2: kind/],
  ["a refused status of 999", () => write(lines().map((l, i) => (i === 1 ? { ...l, refused: { status: 999, operation: null, client_id: null, bytes: 1 } } : l))), /line 2: refused\.status/],
  ["a line after the end", () => good + JSON.stringify(lines()[1]) + "\n", /comes after the end line/],
  ["bad fixtures", () => withOptions((o) => (o.fixtures.clients[0].dba = "")), /options\.fixtures: clients\.0\.dba/],
];

describe("item 11: hostile replay logs are refused with a line naming the problem", () => {
  it("the log as exported replays", async () => {
    const { steps } = await replayLog(good);
    expect(steps.length).toBeGreaterThan(0);
  });

  it.each(CASES)("%s: replayLog refuses it at once", async (_name, make, message) => {
    const started = performance.now();
    await expect(replayLog(make())).rejects.toThrow(message);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("paydouble replay FILE and --replay FILE: exit 2, one line, no stack trace", async () => {
    await ensureBuilt();
    const dir = mkdtempSync(join(tmpdir(), "hostile-replay-"));
    // Three of the cases (a spawn each costs a node start-up): a hang, a crash and a bad scenario before.
    for (const [name, make, message] of CASES.filter(([n]) => /1e12|9e15|delay_ms/.test(n))) {
      const file = join(dir, `${name.replace(/\W+/g, "-")}.ndjson`);
      writeFileSync(file, make());
      for (const args of [["replay", file], ["--replay", file, "--port", "0"]]) {
        const r = spawnSync(process.execPath, ["dist/main.js", ...args], { encoding: "utf8", timeout: 20_000 });
        expect(r.status, `${name}: ${args[0]} ${r.stderr}`).toBe(2);
        const err = r.stderr.trim().split("\n").filter((l) => !l.includes("replaying"));
        expect(err, name).toHaveLength(1);
        expect(err[0]).toMatch(message);
        expect(r.stderr).not.toMatch(/\n\s+at /);
        expect(r.stdout).not.toContain("listening");
      }
    }
  }, 180_000);
});
