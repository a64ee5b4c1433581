import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createDouble } from "../src/index.js";
import { ensureBuilt, listeningUrl } from "./built-cli.js";
import { MERCHANT } from "./helpers.js";

beforeAll(ensureBuilt, 300_000);

const dir = mkdtempSync(join(tmpdir(), "paydouble-pipes-"));

/**
 * Runs the built CLI with its stdout a pipe whose reader is gone before the CLI writes (as
 * `paydouble schema | head -1` once head has its line): every write then fails with EPIPE, whatever
 * its size, so the test does not race the pipe's buffer.
 */
function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["dist/main.js", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}

describe("a CLI command whose reader closes the pipe early (`| head`)", () => {
  it("stops quietly with exit 0: schema, replay, check, --help, --version, ctl --help", async () => {
    const app = createDouble({ seed: "pipes" }).app;
    await app.request("/v1/clients", { headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id } });
    const world = join(dir, "world.ndjson");
    writeFileSync(world, await (await app.request("/_mock/journal/export")).text());
    const scenario = join(dir, "one.yaml");
    writeFileSync(scenario, "version: 1\nname: one\nrules:\n  - when: { operation: getClient }\n    then: { fail: { error: SYSTEM_ERROR } }\n");
    for (const args of [["schema"], ["schema", "fixtures"], ["replay", world], ["check", scenario], ["--help"], ["--version"], ["ctl", "--help"]]) {
      const { code, stderr } = await runWithClosedStdout(args);
      // Replay's progress lines are stderr's; no stack trace, no "Unhandled 'error' event".
      expect({ args, code, stderr: stderr.replace(/^paydouble: replay(ing|ed) .*\n/gm, "") }).toEqual({ args, code: 0, stderr: "" });
    }
  }, 60_000);

  it("a server whose log reader went away keeps answering (the log lines are dropped)", async () => {
    const child = spawn(process.execPath, ["dist/main.js", "--port", "0", "--log", "text"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const url = await listeningUrl(child, () => `: ${stderr}`);
    child.stdout.destroy();
    try {
      const headers = { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id };
      for (let i = 0; i < 3; i++) expect((await fetch(`${url}/v1/clients`, { headers })).status).toBe(200);
      expect(child.exitCode).toBe(null);
      expect(stderr).toBe("");
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("close", r));
    }
  }, 60_000);
});
