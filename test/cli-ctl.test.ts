import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { runCtl } from "../src/cli/ctl/run.js";
import { ensureBuilt } from "./built-cli.js";
import { MERCHANT } from "./helpers.js";

/**
 * `paydouble ctl` run as a user runs it (the built bin, a separate process) against a real server
 * started by the same bin, here on a port from PAYDOUBLE_PORT=0 with --clock-start now.
 */
const dir = mkdtempSync(join(tmpdir(), "paydouble-ctl-"));
let server: ReturnType<typeof spawn>;
let url = "";

const ctl = (args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["dist/main.js", "ctl", ...args], { env: { ...process.env, PAYDOUBLE_URL: url, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });

beforeAll(async () => {
  await ensureBuilt();
  server = spawn(process.execPath, ["dist/main.js", "--seed", "ctl", "--clock-start", "now"], { env: { ...process.env, PAYDOUBLE_PORT: "0", PORT: "1" } });
  url = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}, 300_000);
afterAll(() => server?.kill("SIGTERM"));

describe("paydouble ctl", () => {
  it("health and reset; --url beats PAYDOUBLE_URL", async () => {
    const health = await ctl(["health", "--json"]);
    expect(health.code).toBe(0);
    expect(JSON.parse(health.stdout)).toMatchObject({ status: "ok", seed: "ctl" });
    const reset = await ctl(["--url", url, "--json", "reset", "--seed", "again"], { PAYDOUBLE_URL: "http://127.0.0.1:1" });
    expect(JSON.parse(reset.stdout)).toMatchObject({ status: "reset", seed: "again" });
    await ctl(["reset", "--seed", "ctl"]);
  });

  it("clock: now, advance --by / --to / --next; going back is the server's 409, printed with exit 1", async () => {
    const now = (await ctl(["clock", "now"])).stdout.trim();
    expect(now).toMatch(/^\d{4}-\d\d-\d\dT/);
    const by = await ctl(["clock", "advance", "--by", "P1D", "--json"]);
    expect(JSON.parse(by.stdout).now).toBe(new Date(Date.parse(now) + 86_400_000).toISOString());
    expect(JSON.parse((await ctl(["--json", "clock"])).stdout)).toHaveProperty("pending");
    expect((await ctl(["clock", "advance", "--next"])).code).toBe(0);
    const back = await ctl(["clock", "advance", "--to", "2000-01-01T00:00:00Z"]);
    expect(back.code).toBe(1);
    expect(back.stderr).toMatch(/POST \S+\/_mock\/clock\/advance answered 409\n\{"error_code":"DUPLICATE_ACTION"/);
    expect((await ctl(["clock", "advance"])).code).toBe(2);
    await ctl(["reset"]);
  });

  it("scenarios: load a file, list; unload/replace/enable/disable either work or print the server's 404", async () => {
    const file = join(dir, "ctl-faults.yaml");
    writeFileSync(file, "version: 1\nname: ctl-faults\nrules:\n  - when: { operation: getClient }\n    then: { fail: { error: SYSTEM_ERROR } }\n");
    const load = await ctl(["scenarios", "load", file, "--json"]);
    expect(load.code).toBe(0);
    expect(JSON.parse(load.stdout)).toMatchObject({ loaded: "ctl-faults", rules: 1 });
    expect((await ctl(["scenarios"])).stdout).toMatch(/^ctl-faults  loaded, 1 rule\n  0 hits  ctl-faults\/rule-1$/m);
    for (const args of [["disable", "ctl-faults"], ["enable", "ctl-faults"], ["replace", "ctl-faults", file], ["unload", "ctl-faults"]]) {
      const r = await ctl(["scenarios", ...args]);
      if (r.code !== 0) {
        expect(r.code, args.join(" ")).toBe(1);
        expect(r.stderr).toMatch(/^paydouble ctl: (POST|PUT|DELETE) \S+\/_mock\/scenarios\/ctl-faults\S* answered 404\n\{"error_code":"RESOURCE_NOT_FOUND"/);
      }
    }
    expect((await ctl(["scenarios", "load", join(dir, "missing.yaml")])).code).toBe(2);
    expect(JSON.parse((await ctl(["--json", "scenarios", "reset"])).stdout).scenarios).not.toContainEqual(expect.objectContaining({ name: "ctl-faults" }));
  });

  it("requests: list with filters, count, clear; a bad filter is the server's 400", async () => {
    const headers = { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id };
    await fetch(`${url}/v1/transactions`, { headers });
    await fetch(`${url}/v1/transactions?limit=1`, { headers });
    expect((await ctl(["requests", "count", "--operation", "listTransactions", "--status", "200"])).stdout).toBe("2\n");
    const list = JSON.parse((await ctl(["--json", "requests", "--client", MERCHANT.id, "--limit", "1"])).stdout);
    expect(list.data).toHaveLength(1);
    expect(list.data[0].path).toBe("/v1/transactions");
    const bad = await ctl(["requests", "--status", "ok"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"error_code":"INVALID_REQUEST_DATA"');
    expect((await ctl(["requests", "clear"])).code).toBe(0);
    expect((await ctl(["requests", "count"])).stdout).toBe("0\n");
  });

  it("export streams the replay log to stdout or --out; its header holds the wall-clock start, so a replay is exact", async () => {
    const now = JSON.parse((await ctl(["--json", "reset"])).stdout).now; // a reset world starts at its clock start
    expect(Math.abs(Date.parse(now) - Date.now())).toBeLessThan(600_000); // --clock-start now: wall time
    await fetch(`${url}/v1/transactions`, { headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id } });
    const out = join(dir, "world.ndjson");
    const toFile = await ctl(["export", "--out", out]);
    expect(toFile).toMatchObject({ code: 0, stdout: "" });
    const stdout = (await ctl(["export"])).stdout;
    // The same log but its end line (whose running request number counts the second export too).
    const body = (text: string) => text.split("\n").slice(0, -2).join("\n");
    expect(body(readFileSync(out, "utf8"))).toBe(body(stdout));
    const header = JSON.parse(stdout.split("\n")[0]);
    expect(header.clock_start).toBe(now);
    const clockAfter = (await ctl(["clock", "now"])).stdout.trim();
    const replayed = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ["dist/main.js", "replay", out]);
      let text = "";
      child.stdout.on("data", (d) => (text += d));
      child.on("close", () => resolve(text));
    });
    expect(replayed).toContain(`world now ${clockAfter} seed=ctl`);
  });

  it("sandboxes: create (seed, shipped scenario), list, delete; deleting again is the server's 404", async () => {
    const created = await ctl(["sandboxes", "create", "--seed", "s1", "--scenario", "declines", "--json"]);
    expect(created.code).toBe(0);
    const { id, base_url } = JSON.parse(created.stdout);
    expect(JSON.parse((await ctl(["--json", "sandboxes", "list"])).stdout).sandboxes).toContainEqual(expect.objectContaining({ id, seed: "s1" }));
    expect(JSON.parse((await ctl(["--json", "--url", base_url, "health"])).stdout)).toMatchObject({ seed: "s1" });
    expect(JSON.parse((await ctl(["--json", "sandboxes", "delete", id])).stdout)).toEqual({ id, deleted: true });
    const again = await ctl(["sandboxes", "delete", id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('"error_code":"RESOURCE_NOT_FOUND"');
  });

  it("issue 20: requests get, --error-code, explain (a journal entry or a request), trigger; short lines, --json for scripts", async () => {
    // In process (runCtl is what the bin runs), against the real server: two dozen commands without a node start each.
    const ctl = async (args: string[]) => {
      let stdout = "";
      let stderr = "";
      const sink = (append: (s: string) => void) => new Writable({ write: (chunk, _enc, done) => (append(String(chunk)), done()) });
      const code = await runCtl(args, { PAYDOUBLE_URL: url }, sink((s) => (stdout += s)), sink((s) => (stderr += s)));
      return { code, stdout, stderr };
    };
    await ctl(["reset"]);
    expect((await ctl(["scenarios", "load", "declines"])).stdout).toBe("loaded declines: 8 rules, 0 timeline steps\n");
    const headers = { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" };
    const pay = async (payment_method: object, amount: number) =>
      (await (await fetch(`${url}/v1/transactions`, { method: "POST", headers, body: JSON.stringify({ type: "SALE", amount, payment_method }) })).json()) as { id: string };
    const card = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } };
    await pay(card, 5051);
    const ach = await pay({ type: "ACH", account_number: "000123456789", routing_number: "021000021", account_type: "checking", standard_entry_class: "WEB", first_name: "A", last_name: "B" }, 1200);
    const removed = await pay(card, 700);
    await fetch(`${url}/v1/transactions?limit=0`, { headers });

    const list = (await ctl(["requests"])).stdout.trim().split("\n");
    expect(list).toHaveLength(4);
    expect(list[0]).toMatch(/^#1 \S+ 200 POST \/v1\/transactions createTransaction result=DECLINED rule="declines\/insufficient funds"$/);
    expect(list[3]).toMatch(/^#4 \S+ 400 GET \/v1\/transactions\?limit=0 listTransactions error=INVALID_REQUEST_DATA$/);
    expect((await ctl(["requests", "--error-code", "INVALID_REQUEST_DATA"])).stdout).toBe(list[3] + "\n");
    expect((await ctl(["requests", "count", "--error-code", "INVALID_REQUEST_DATA"])).stdout).toBe("1\n");
    const one = (await ctl(["requests", "get", "1"])).stdout;
    expect(one).toContain("  shaped by declines/insufficient funds\n");
    expect(one).toContain('"pan": "424242******4242"');
    expect(one).not.toContain("4242424242424242");
    expect(JSON.parse((await ctl(["requests", "get", "1", "--json"])).stdout)).toMatchObject({ seq: 1, rule: "declines/insufficient funds" });
    expect(await ctl(["requests", "get", "last"])).toMatchObject({ code: 2 });
    expect((await ctl(["requests", "get", "99"])).stderr).toContain('"error_code":"RESOURCE_NOT_FOUND"');

    const why = (await ctl(["explain", "4"])).stdout;
    expect(why).toContain("no scenario rule shaped it");
    expect(why).toContain("    limit: must be an integer from 1 to 100\n");
    expect((await ctl(["explain", "1"])).stdout).toContain("  rules that nearly matched:\n    declines/do not honor: body.amount: wanted 5005, got 5051\n");
    const would = await ctl(["explain", "createTransaction", "--body", '{"amount":5005}', "--client", MERCHANT.id]);
    expect(would.stdout).toBe('would match declines/do not honor: {"decline":{"code":"05","description":"Do not honor"}}\n');
    expect((await ctl(["explain", "createTransaction", "--body", "{"])).code).toBe(2);

    expect((await ctl(["trigger", "remove-from-batch", removed.id])).stdout).toMatch(new RegExp(`^${removed.id} will be REMOVED_FROM_BATCH when BATCH-\\w+ closes\\n$`));
    const closed = (await ctl(["trigger", "close-batches"])).stdout;
    expect(closed).toMatch(/^now \S+\n  fired \S+ batch_auto_close (BATCH-\w+)\n/);
    const batch = /batch_auto_close (BATCH-\w+)/.exec(closed)![1];
    expect((await ctl(["trigger", "settle", batch])).stdout).toBe(`${batch} settled\n`);
    expect((await ctl(["trigger", "ach-return", ach.id, "--code", "R02"])).stdout).toBe(`${ach.id} returned R02\n`);
    expect((await ctl(["trigger", "ach-return", ach.id])).code).toBe(1); // already returned: the server's 409
    expect((await ctl(["trigger", "close-batches"])).stdout).toMatch(/^no open batch to close; now \S+\n$/);
    expect(await ctl(["trigger", "refund"])).toMatchObject({ code: 2 });

    // The active set in a few lines (the built-in rules in one); every rule with --json.
    const scenarios = (await ctl(["scenarios"])).stdout.trim().split("\n");
    expect(scenarios.length).toBeLessThan(12);
    expect(scenarios.at(-1)).toMatch(/^builtin  the built-in magic values: \d+ rules, \d+ hits?$/);
    expect(JSON.parse((await ctl(["scenarios", "--json"])).stdout).scenarios.at(-1).rules.length).toBeGreaterThan(20);
    await ctl(["reset"]);
  }, 120_000);

  it("usage errors exit 2 with one line; an unreachable double exits 1", async () => {
    expect(await ctl(["helth"])).toMatchObject({ code: 2, stderr: "paydouble ctl: unknown command helth (did you mean health?); see paydouble ctl --help\n" });
    expect(await ctl(["requests", "--statsu", "200"])).toMatchObject({ code: 2, stderr: "paydouble ctl: unknown flag --statsu (did you mean --status?); see paydouble ctl --help\n" });
    expect(await ctl(["clock", "later"])).toMatchObject({ code: 2 });
    expect(await ctl(["health"], { PAYDOUBLE_URL: "localhost:4242" })).toMatchObject({ code: 2, stderr: expect.stringContaining("PAYDOUBLE_URL: localhost:4242 is not an http(s) URL") });
    const help = await ctl(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["health", "reset", "clock advance", "scenarios load", "requests count", "requests get", "explain SEQ", "trigger ach-return", "trigger close-batches", "export", "sandboxes create"]) expect(help.stdout).toContain(`  ${command}`);
    const down = await ctl(["health"], { PAYDOUBLE_URL: "http://127.0.0.1:1" });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain("cannot reach the double");
  });
});
