import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTimeout } from "../src/cli/ctl/wait.js";
import { ensureBuilt } from "./built-cli.js";
import { freePort } from "./helpers.js";

/**
 * `paydouble ctl wait`: the built bin against a port where nothing listens yet, then a server
 * started on it, the way a CI step waits for a service container.
 */
const run = (cmd: string[], env: Record<string, string> = {}) => spawn(process.execPath, ["dist/main.js", ...cmd], { env: { ...process.env, ...env } });
const finished = (child: ChildProcess) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d) => (stdout += d));
    child.stderr!.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });

let server: ChildProcess | undefined;
beforeAll(() => ensureBuilt(), 300_000);
afterAll(() => void server?.kill("SIGTERM"));

describe("paydouble ctl wait", () => {
  it("reads 30s, 500ms, 2m and bare seconds; refuses anything else", () => {
    expect([parseTimeout("30s"), parseTimeout("500ms"), parseTimeout("2m"), parseTimeout("1.5")]).toEqual([30_000, 500, 120_000, 1500]);
    expect(parseTimeout("soon")).toBeNull();
    expect(parseTimeout("-1s")).toBeNull();
  });

  it("past the timeout with nothing listening: exit 1 and what it saw last", async () => {
    const port = await freePort();
    const r = await finished(run(["ctl", "--url", `http://127.0.0.1:${port}`, "wait", "--timeout", "700ms"]));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`paydouble ctl: http://127.0.0.1:${port} not ready after 700ms (last: cannot reach the double: ECONNREFUSED)\n`);
    expect(r.stdout).toBe("");
  });

  it("waits for a server that comes up later, then prints its health (exit 0)", async () => {
    const port = await freePort();
    const waiting = finished(run(["ctl", "wait", "--timeout", "60s"], { PAYDOUBLE_URL: `http://127.0.0.1:${port}` }));
    await new Promise((r) => setTimeout(r, 500));
    server = run(["--seed", "waited", "--port", String(port), "--host", "127.0.0.1"]);
    const r = await waiting;
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "ok", seed: "waited" });
  });

  it("a timeout that is not a duration is a usage error (exit 2)", async () => {
    const r = await finished(run(["ctl", "--url", "http://127.0.0.1:1", "wait", "--timeout", "soon"]));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^paydouble ctl: wait --timeout soon: expected a duration such as 30s, 500ms or 2m; see paydouble ctl --help\n$/);
  });
});
