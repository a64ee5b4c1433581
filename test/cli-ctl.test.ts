import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    const health = await ctl(["health"]);
    expect(health.code).toBe(0);
    expect(JSON.parse(health.stdout)).toMatchObject({ status: "ok", seed: "ctl" });
    const reset = await ctl(["--url", url, "reset", "--seed", "again"], { PAYDOUBLE_URL: "http://127.0.0.1:1" });
    expect(JSON.parse(reset.stdout)).toMatchObject({ status: "reset", seed: "again" });
    await ctl(["reset", "--seed", "ctl"]);
  });

  it("clock: now, advance --by / --to / --next; going back is the server's 409, printed with exit 1", async () => {
    const now = (await ctl(["clock", "now"])).stdout.trim();
    expect(now).toMatch(/^\d{4}-\d\d-\d\dT/);
    const by = await ctl(["clock", "advance", "--by", "P1D"]);
    expect(JSON.parse(by.stdout).now).toBe(new Date(Date.parse(now) + 86_400_000).toISOString());
    expect(JSON.parse((await ctl(["clock"])).stdout)).toHaveProperty("pending");
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
    const load = await ctl(["scenarios", "load", file]);
    expect(load.code).toBe(0);
    expect(JSON.parse(load.stdout)).toMatchObject({ loaded: "ctl-faults", rules: 1 });
    expect((await ctl(["scenarios"])).stdout).toContain('"ctl-faults"');
    for (const args of [["disable", "ctl-faults"], ["enable", "ctl-faults"], ["replace", "ctl-faults", file], ["unload", "ctl-faults"]]) {
      const r = await ctl(["scenarios", ...args]);
      if (r.code !== 0) {
        expect(r.code, args.join(" ")).toBe(1);
        expect(r.stderr).toMatch(/^paydouble ctl: (POST|PUT|DELETE) \S+\/_mock\/scenarios\/ctl-faults\S* answered 404\n\{"error_code":"RESOURCE_NOT_FOUND"/);
      }
    }
    expect((await ctl(["scenarios", "load", join(dir, "missing.yaml")])).code).toBe(2);
    expect(JSON.parse((await ctl(["scenarios", "reset"])).stdout).scenarios).not.toContainEqual(expect.objectContaining({ name: "ctl-faults" }));
  });

  it("requests: list with filters, count, clear; a bad filter is the server's 400", async () => {
    const headers = { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id };
    await fetch(`${url}/v1/transactions`, { headers });
    await fetch(`${url}/v1/transactions?limit=1`, { headers });
    expect((await ctl(["requests", "count", "--operation", "listTransactions", "--status", "200"])).stdout).toBe("2\n");
    const list = JSON.parse((await ctl(["requests", "--client", MERCHANT.id, "--limit", "1"])).stdout);
    expect(list.data).toHaveLength(1);
    expect(list.data[0].path).toBe("/v1/transactions");
    const bad = await ctl(["requests", "--status", "ok"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"error_code":"INVALID_REQUEST_DATA"');
    expect((await ctl(["requests", "clear"])).code).toBe(0);
    expect((await ctl(["requests", "count"])).stdout).toBe("0\n");
  });

  it("export streams the replay log to stdout or --out; its header holds the wall-clock start, so a replay is exact", async () => {
    const now = JSON.parse((await ctl(["reset"])).stdout).now; // a reset world starts at its clock start
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
    const created = await ctl(["sandboxes", "create", "--seed", "s1", "--scenario", "declines"]);
    expect(created.code).toBe(0);
    const { id, base_url } = JSON.parse(created.stdout);
    expect(JSON.parse((await ctl(["sandboxes", "list"])).stdout).sandboxes).toContainEqual(expect.objectContaining({ id, seed: "s1" }));
    expect(JSON.parse((await ctl(["--url", base_url, "health"])).stdout)).toMatchObject({ seed: "s1" });
    expect(JSON.parse((await ctl(["sandboxes", "delete", id])).stdout)).toEqual({ id, deleted: true });
    const again = await ctl(["sandboxes", "delete", id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('"error_code":"RESOURCE_NOT_FOUND"');
  });

  it("usage errors exit 2 with one line; an unreachable double exits 1", async () => {
    expect(await ctl(["helth"])).toMatchObject({ code: 2, stderr: "paydouble ctl: unknown command helth (did you mean health?); see paydouble ctl --help\n" });
    expect(await ctl(["requests", "--statsu", "200"])).toMatchObject({ code: 2, stderr: "paydouble ctl: unknown flag --statsu (did you mean --status?); see paydouble ctl --help\n" });
    expect(await ctl(["clock", "later"])).toMatchObject({ code: 2 });
    expect(await ctl(["health"], { PAYDOUBLE_URL: "localhost:4242" })).toMatchObject({ code: 2, stderr: expect.stringContaining("PAYDOUBLE_URL: localhost:4242 is not an http(s) URL") });
    const help = await ctl(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["health", "reset", "clock advance", "scenarios load", "requests count", "export", "sandboxes create"]) expect(help.stdout).toContain(`  ${command}`);
    const down = await ctl(["health"], { PAYDOUBLE_URL: "http://127.0.0.1:1" });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain("cannot reach the double");
  });
});
