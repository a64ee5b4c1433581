import { Writable } from "node:stream";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCtl } from "../src/cli/ctl/run.js";
import { OPERATIONS } from "../src/gateway/operations.js";
import { QUIRKS } from "../src/gateway/quirks.js";
import { createDouble, startDouble } from "../src/index.js";
import { CATALOGUE } from "../src/verdict/catalogue.js";
import { setup } from "./helpers.js";

const MERCHANT = { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000", "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000", "content-type": "application/json" };
const sale = (pan: string, type = "SALE") => JSON.stringify({ type, amount: 2500, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan, expiry: { month: "12", year: "2030" } } });
const ids = () => new Set(CATALOGUE.map((o) => o.id));

describe("the outcome catalogue is derived from the declarations the double answers by", () => {
  it("has 200 and each declared error status of every operation, the payment results, quirks and client moves", () => {
    for (const op of OPERATIONS) {
      expect(ids().has(`${op.id}/200`), op.id).toBe(true);
      expect(ids().has(`${op.id}/transport-fault`), op.id).toBe(true);
      for (const s of op.errors) expect(ids().has(`${op.id}/${s}`) || ids().has(`${op.id}/${s}-created`), `${op.id} ${s}`).toBe(true);
    }
    for (const op of ["createTransaction", "captureTransaction", "cancelTransaction"]) for (const r of ["approved", "declined", "result-error", "502-created", "502-not-created"]) expect(ids()).toContain(`${op}/${r}`);
    for (const q of Object.keys(QUIRKS).filter((q) => q !== "declared_404_never_returned")) expect(ids()).toContain(`quirk/${q}`);
    expect([...ids()].filter((i) => i.startsWith("lifecycle/"))).toEqual(["lifecycle/authorized.capture", "lifecycle/authorized.void", "lifecycle/pending.void", "lifecycle/settled.refund_part", "lifecycle/settled.refund_rest"]);
    for (const o of ["getTransaction/ach-returned-after-settlement", "getTransaction/ach-returned-before-settlement", "getTransaction/ach-returned-without-code", "listTransactions/removed-from-batch", "createTransaction/tokenization-failed", "captureTransaction/partial"]) expect(ids()).toContain(o);
  });
});

describe("coverage per world and per run", () => {
  it("a deleted sandbox's share stays in the run; the world scope shows only its own", async () => {
    const t = setup();
    const created = await t.post("/_mock/sandboxes", {}, { as: null });
    const sandbox = created.body.id as string;
    const r = await t.double.app.request(`/sandboxes/${sandbox}/v1/transactions`, { method: "POST", headers: MERCHANT, body: sale("4000000000000002") });
    expect(((await r.json()) as { result: string }).result).toBe("DECLINED");
    const inSandbox = (await t.get(`/sandboxes/${sandbox}/_mock/coverage?scope=world`, { as: null })).body;
    expect(inSandbox.met).toBeGreaterThan(0);
    expect((await t.call("DELETE", `/_mock/sandboxes/${sandbox}`, { as: null })).status).toBe(200);

    const run = t.double.coverage();
    const declined = run.operations.find((g) => g.operation === "createTransaction")!.outcomes.find((o) => o.id === "createTransaction/declined")!;
    expect(declined.by).toMatchObject({ world: sandbox, seq: 1, method: "POST", status: 200, link: null });
    expect(run.worlds).toBe(1);
    expect(t.double.coverage({ world: null }).met).toBe(0);
  });

  it("what was met stays met after the journal's ring dropped its entry, and after a reset (its link gone)", async () => {
    const double = createDouble({ journalLimit: 5 });
    const post = (pan: string) => double.app.request("/v1/transactions", { method: "POST", headers: MERCHANT, body: sale(pan) });
    await post("4000000000000002");
    const early = double.coverage();
    const find = (r: typeof early, id: string) => r.operations.flatMap((g) => g.outcomes).find((o) => o.id === id)!;
    expect(find(early, "createTransaction/declined").by!.link).toBe("/_mock/requests/1");
    for (let i = 0; i < 50; i++) await post("4242424242424242");
    const late = double.coverage();
    expect(find(late, "createTransaction/declined")).toMatchObject({ met: true, by: { seq: 1, link: null } });
    expect(late.requests).toBe(51);
    await double.app.request("/_mock/reset", { method: "POST" });
    expect(find(double.coverage({ world: null }), "createTransaction/approved").met).toBe(true);
  });

  it("a new run (DELETE /_mock/coverage) starts from nothing", async () => {
    const t = setup();
    await t.post("/v1/transactions", JSON.parse(sale("4242424242424242")));
    expect(t.double.coverage().met).toBeGreaterThan(0);
    expect((await t.call("DELETE", "/_mock/coverage", { as: null })).body.met).toBe(0);
  });

  it("recording nothing: createDouble({ verdict: false }) answers the same bytes and refuses the reports", async () => {
    const on = createDouble({ seed: "v" });
    const off = createDouble({ seed: "v", verdict: false });
    const send = (d: typeof on) => d.app.request("/v1/transactions", { method: "POST", headers: MERCHANT, body: sale("4000005020000007") });
    expect(await (await send(on)).text()).toBe(await (await send(off)).text());
    expect(() => off.coverage()).toThrow(/off/);
    expect((await off.app.request("/_mock/coverage")).status).toBe(404);
  });
});

describe("the CI gate: paydouble ctl coverage --require", () => {
  const dir = mkdtempSync(join(tmpdir(), "paydouble-gate-"));
  const file = join(dir, "paydouble-coverage.yaml");
  writeFileSync(file, "version: 1\nname: checkout\nrequire:\n  - createTransaction/approved\n  - outcome: createTransaction/declined\n    why: customers' cards decline\n");
  const run = async (args: string[], url: string) => {
    let out = "";
    let err = "";
    const sink = (f: (s: string) => void) => new Writable({ write: (c, _e, cb) => (f(String(c)), cb()) });
    const code = await runCtl(args, { PAYDOUBLE_URL: url }, sink((s) => (out += s)), sink((s) => (err += s)));
    return { code, out, err };
  };

  it("fails (exit 1, the missed outcome a failed JUnit case) and then passes", async () => {
    const g = await startDouble({ seed: "gate" });
    try {
      await fetch(`${g.url}/v1/transactions`, { method: "POST", headers: MERCHANT, body: sale("4242424242424242") });
      const failed = await run(["coverage", "--require", file, "--format", "junit"], g.url);
      expect(failed.code).toBe(1);
      expect(failed.err).toContain("1 required outcome not met: createTransaction/declined");
      expect(failed.out).toContain('<testsuite name="checkout" tests="2" failures="1"');
      expect(failed.out).toMatch(/<testcase classname="paydouble.coverage.createTransaction" name="createTransaction\/declined" time="0">\n\s+<failure message="not met: createTransaction\/declined" type="OutcomeNotMet">[^<]*customers&apos;|customers'/);
      expect(failed.out).toMatch(/name="createTransaction\/approved" time="0">\n\s+<system-out>met by #1 POST \/v1\/transactions → 200/);

      await fetch(`${g.url}/v1/transactions`, { method: "POST", headers: MERCHANT, body: sale("4000000000000002") });
      const passed = await run(["coverage", "--require", file], g.url);
      expect(passed).toMatchObject({ code: 0, err: "" });
      expect(passed.out).toContain("### checkout: all required outcomes met");
      const json = await run(["coverage", "--require", file, "--format", "json"], g.url);
      expect(JSON.parse(json.out)).toMatchObject({ passed: true, missed: [] });
    } finally {
      await g.close();
    }
  });

  it("a misspelt outcome is a 400 naming the nearest id, and a bad --format a usage error", async () => {
    const t = setup();
    const r = await t.double.app.request("/_mock/coverage/check", { method: "POST", headers: { "content-type": "application/yaml" }, body: "version: 1\nrequire: [createTransaction/decline]\n" });
    expect(r.status).toBe(400);
    expect(JSON.stringify(await r.json())).toContain("did you mean createTransaction/declined?");
    expect((await run(["coverage", "--format", "xml"], "http://127.0.0.1:9")).code).toBe(2);
  });
});
