import fc from "fast-check";
import { z } from "zod";
import { afterAll, describe, expect, test } from "vitest";
import type { Operation } from "../src/gateway/operation.js";
import { OPERATIONS } from "../src/gateway/operations.js";
import { MERCHANT, RESELLER, setup } from "./helpers.js";
import { casesFor, send, type Case } from "./proving/fuzz-cases.js";
import { badId } from "./proving/mutations.js";
import { replyProblem, stable } from "./proving/invariants.js";
import { fillPath, paramFor, provingWorld, type Targets } from "./proving/world.js";

/**
 * Schema-aware fuzzing of every `/v1` operation (issue 7, item 3). Bodies and queries come from
 * each operation's zod schema, then get mutated. After every request: the answer is a 200 with a
 * JSON body or the spec's envelope with a status of its table (never a 500: no scenario is
 * loaded); after every rejected write, the readable state is what it was before; after every batch,
 * the double still answers its health check. `FUZZ_RUNS` (cases per operation) raises the run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 7);
const BATCH = 50;
const totals = { requests: 0, failures: 0, statuses: {} as Record<number, number> };

afterAll(() => {
  const byStatus = Object.entries(totals.statuses).map(([s, n]) => `${s}:${n}`).join(" ");
  console.log(`fuzz: ${totals.requests} requests, ${totals.failures} failures (statuses ${byStatus}; FUZZ_RUNS=${RUNS}, seed ${SEED})`);
});

/** Everything a client can read without a body: each parameterless list, as merchant and reseller, and the by-id targets. */
function snapshotter(t: ReturnType<typeof setup>, targets: Targets) {
  const reads: { path: string; as: typeof MERCHANT }[] = [];
  for (const op of OPERATIONS) {
    if (op.method !== "GET") continue;
    if (!op.path.includes(":")) for (const as of [MERCHANT, RESELLER]) reads.push({ path: op.path, as });
    else reads.push({ path: fillPath(op.path, paramFor(op.path, targets)), as: MERCHANT });
  }
  return async () => {
    const out: unknown[] = [];
    for (const r of reads) {
      const reply = await t.get(r.path, { as: r.as });
      out.push([r.path, reply.status, stable(reply.body)]);
    }
    return JSON.stringify(out);
  };
}

/** Sends the cases one by one and checks the invariants; `stateOf` is compared around every non-read, `afterOk` runs after an accepted one. */
async function run(t: ReturnType<typeof setup>, cases: Case[], stateOf: () => Promise<string>, afterOk?: () => Promise<void>) {
  const failures: string[] = [];
  let before = await stateOf();
  for (const c of cases) {
    let problem: string | null;
    let status = 0;
    try {
      const reply = await send(t, c);
      status = reply.status;
      totals.statuses[status] = (totals.statuses[status] ?? 0) + 1;
      problem = replyProblem(reply, c.method);
      if (problem) problem += ` -> ${reply.text.slice(0, 200)}`;
    } catch (e) {
      problem = `threw ${(e as Error).message}`;
    }
    totals.requests++;
    if (problem) failures.push(`${c.label}: ${problem}`);
    if (c.method !== "GET" && c.method !== "HEAD") {
      if (status === 200) await afterOk?.();
      const after = await stateOf();
      if (status !== 200 && after !== before) failures.push(`${c.label}: rejected with ${status} but the readable state changed`);
      before = after;
    }
    if (totals.requests % BATCH === 0) {
      const health = await t.get("/_mock/health", { as: null });
      if (health.status !== 200 || health.body?.status !== "ok") failures.push(`health failed after ${totals.requests} requests: ${health.text}`);
    }
  }
  totals.failures += failures.length;
  return failures;
}

/** The control routes as fuzz targets, shaped like operations (reset's body is `{"seed"?}`, PRODUCT.md). */
const CONTROL: Operation[] = [
  { id: "health", method: "GET", path: "/_mock/health" },
  { id: "fixtures", method: "GET", path: "/_mock/fixtures" },
  { id: "reset", method: "POST", path: "/_mock/reset", body: z.object({ seed: z.union([z.string().min(1).max(200), z.number().int()]).optional() }).strict() },
  { id: "unknown", method: "GET", path: "/_mock/:id" },
  { id: "sandboxGateway", method: "GET", path: "/sandboxes/:id/v1/clients" },
  { id: "sandboxControl", method: "POST", path: "/sandboxes/:id/_mock/reset" },
].map((o) => ({ summary: o.id, description: o.id, response: z.unknown(), errors: [], handle: () => null, ...o }) as Operation);

describe("schema-aware fuzzing", () => {
  test("every /v1 operation answers the envelope or a 200, keeps serving, and a rejected request changes nothing", async () => {
    const failures: string[] = [];
    // A fresh world per operation keeps the stored state (and the snapshot's cost) bounded by RUNS.
    for (const [i, op] of OPERATIONS.entries()) {
      const t = setup();
      const { targets } = await provingWorld(t);
      const cases = fc.sample(casesFor(op, paramFor(op.path, targets)), { numRuns: RUNS, seed: SEED + i });
      failures.push(...(await run(t, cases, snapshotter(t, targets))));
    }
    expect(failures.slice(0, 20)).toEqual([]);
  }, Math.max(120_000, RUNS * 200));

  test("every /_mock route and sandbox prefix answers the envelope or a 200, and a rejected reset resets nothing", async () => {
    const t = setup();
    const marker = () => t.post("/v1/clients", { dba: "Marker", type: "merchant", admin_contact_details: { first_name: "M", last_name: "K", email: "m@k.example.com" } }, { as: RESELLER });
    await marker();
    const stateOf = async () => JSON.stringify([stable((await t.get("/v1/clients", { as: RESELLER })).body), (await t.get("/_mock/health", { as: null })).body?.seed]);
    const cases = CONTROL.flatMap((op, i) =>
      fc.sample(casesFor(op, () => "x"), { numRuns: Math.ceil(RUNS / 2), seed: SEED + 100 + i }).concat(
        op.path.includes(":") ? fc.sample(badId, { numRuns: 20, seed: SEED + i }).map((id) => ({ method: op.method, path: op.path.replace(":id", id), headers: [], label: `${op.method} ${op.path} id=${id.slice(0, 40)}` })) : [],
      ),
    );
    const failures = await run(t, cases, stateOf, async () => void (await marker()));
    expect(failures.slice(0, 20)).toEqual([]);
  }, Math.max(120_000, RUNS * 200));
});

describe("found by the fuzzer", () => {
  test("a malformed escape in a sandbox id is 404, not 500", async () => {
    const t = setup();
    for (const path of ["/sandboxes/%E0%A4%A/v1/clients", "/sandboxes/%/_mock/health"]) {
      const reply = await t.get(path);
      expect(replyProblem(reply, "GET")).toBeNull();
      expect(reply.body.error_code).toBe("RESOURCE_NOT_FOUND");
    }
  });
});

/**
 * Issue 11's hostile classes, so they stay fixed: big bodies around the 1 MiB limit, deep nesting,
 * secrets that are not strings, extreme durations. After each: no 500, the journal, the export and
 * health answer, no secret in clear, and the export replays.
 */
describe("hostile inputs (issue 11)", () => {
  const PAN = 4111111111111111;
  const hostile = fc.oneof(
    fc.integer({ min: -64, max: 64 }).map((d) => ({ kind: "big", body: JSON.stringify({ dba: "x".repeat(Math.max(0, 1024 * 1024 - 100 + d * 4)), type: "merchant" }) })),
    fc.tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean()).map(([n, arr]) => ({ kind: "deep", body: arr ? `{"dba":${"[".repeat(n)}${"]".repeat(n)}}` : `{"dba":${'{"a":'.repeat(n)}1${"}".repeat(n)}}` })),
    fc.constantFrom<unknown>(PAN, true, { n: PAN }, [PAN], null).map((pan) => ({ kind: "secret", body: JSON.stringify({ type: "SALE", amount: 100, payment_method: { type: "Card", pan, cvv: 123, account_number: 123456789012, expiry: { month: "12", year: "2030" } }, metadata: { [String(PAN)]: PAN } }) })),
  );
  const duration = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.constantFrom("Y", "M", "W", "D", "TH", "TM", "TS")).map(([n, u]) => (u.startsWith("T") ? `PT${n}${u[1]}` : `P${n}${u}`));

  test("no hostile body or duration makes any surface answer 500 or leak, and the export replays", async () => {
    const { replayLog } = await import("../src/replay/replay.js");
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 4 }), duration, async (cases, by) => {
        const t = setup({ seed: "hostile" });
        for (const c of cases) {
          const path = c.kind === "secret" ? "/v1/transactions" : "/v1/clients";
          const res = await t.double.app.request(path, { method: "POST", body: c.body, headers: { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id, "content-type": "application/json" } });
          expect(res.status).toBeLessThan(500);
          await res.arrayBuffer();
        }
        const advanced = await t.post("/_mock/clock/advance", { by }, { as: null });
        expect([200, 400]).toContain(advanced.status);
        expect((await t.get("/_mock/health", { as: null })).status).toBe(200);
        const journal = await t.get("/_mock/requests", { as: null });
        expect(journal.status).toBe(200);
        const exported = await t.get("/_mock/journal/export", { as: null });
        expect(exported.status).toBe(200);
        for (const text of [journal.text, exported.text]) expect(text).not.toContain(String(PAN));
        await replayLog(exported.text);
      }),
      { numRuns: 12, seed: SEED },
    );
  }, 120_000);
});
