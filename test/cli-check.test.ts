import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { parseCommand } from "../src/cli/args.js";
import { checkFiles } from "../src/cli/check.js";
import { BUILTIN_PATH } from "../src/scenarios/library.js";

const dir = mkdtempSync(join(tmpdir(), "paydouble-check-"));
const good = join(dir, "good.yaml");
const bad = join(dir, "bad.yaml");
writeFileSync(good, "version: 1\nname: good\nrules:\n  - when: { operation: getClient }\n    then: { fail: { error: SYSTEM_ERROR } }\n");
writeFileSync(bad, "version: 1\nname: bad\nrules:\n  - when: { operation: getClients }\n    then: { settlement: { delay: soon } }\n");

describe("paydouble check", () => {
  test("flags and commands parse", () => {
    expect(parseCommand(["check", good, bad], {})).toEqual({ kind: "check", files: [good, bad], strict: false });
    expect(parseCommand(["check", "--strict", good], {})).toEqual({ kind: "check", files: [good], strict: true });
    expect(parseCommand(["schema"], {})).toEqual({ kind: "schema", of: "scenario" });
    expect(parseCommand(["schema", "fixtures"], {})).toEqual({ kind: "schema", of: "fixtures" });
    const serve = parseCommand(["--scenario", good, "--scenario", bad, "--no-builtin", "--realtime", "--tick", "PT0S"], {});
    expect(serve).toMatchObject({ kind: "serve", config: { scenarios: [good, bad], builtin: false, realtime: true, tick: "PT0S" } });
    expect(parseCommand(["--clock-start", "yesterday"], {})).toMatchObject({ kind: "error" });
  });

  test("the same messages as the loader: file, line, column, path", () => {
    const r = checkFiles([good, BUILTIN_PATH, bad]);
    expect(r.ok).toBe(false);
    expect(r.lines[0]).toMatch(/good\.yaml: ok/);
    expect(r.lines[2]).toContain(`${bad}:4:24: rules.0.when.operation: unknown operation "getClients"; did you mean getClient?`);
    expect(r.lines[3]).toContain(`${bad}:5:34: rules.0.then.settlement.delay: must be an ISO 8601 duration`);
  });
});

describe("paydouble check on fixtures (issue 20)", () => {
  const fixtures = (email: string, details: string) =>
    [
      "clients:",
      "  - id: CLIENT-01JDEM0MERCHANT00000000000",
      "    api_key: pk_live_01JDEM0MERCHANTKEY00000000",
      "    type: merchant",
      "    dba: Shop",
      `    admin_contact_details: { first_name: Ann, last_name: Lee, email: ${email} }`,
      "integrations:",
      "  - id: INTEGRATION-01JDEM0ACHPR0C000000000000",
      "    client: CLIENT-01JDEM0MERCHANT00000000000",
      "    processor: Achproc",
      "    is_active: true",
      `    integration_details: ${details}`,
    ].join("\n") + "\n";

  test("refuses a plus-addressed email, as the API does", () => {
    const file = join(dir, "plus.yaml");
    writeFileSync(file, fixtures("ann+test@example.com", "{ client_id: ach-1, client_secret: s3cret }"));
    const r = checkFiles([file]);
    expect(r.ok).toBe(false);
    expect(r.lines.join("\n")).toContain(`${file}:6:70: clients.0.admin_contact_details.email: plus-addressing is not accepted`);
  });

  test("names a missing integration detail plainly, not in zod's words", () => {
    const file = join(dir, "missing.yaml");
    writeFileSync(file, fixtures("ann@example.com", "{ client_secret: s3cret }"));
    const r = checkFiles([file]);
    expect(r.ok).toBe(false);
    expect(r.lines.join("\n")).not.toContain("Invalid input");
    expect(r.lines.some((l) => /integrations\.0\.integration_details\.\w+: is required$/.test(l))).toBe(true);
  });
});

describe("the CLI process", () => {
  const root = join(import.meta.dirname, "..");
  const out = join(root, ".cli-test-build");
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(root, "tsconfig.build.json"), "--outDir", out], { cwd: root });
  }, 120_000);

  test("check exits 0 on good files and 2 naming file, line and column on a bad one", () => {
    const ok = spawnSync(process.execPath, [join(out, "main.js"), "check", good], { encoding: "utf8" });
    expect(ok.status).toBe(0);
    const ko = spawnSync(process.execPath, [join(out, "main.js"), "check", good, bad], { encoding: "utf8" });
    expect(ko.status).toBe(2);
    expect(ko.stderr).toContain(`${bad}:4:24: rules.0.when.operation`);
  });

  test("schema prints the JSON Schema", () => {
    const r = spawnSync(process.execPath, [join(out, "main.js"), "schema"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).title).toContain("scenario");
  });

  test("a bad --scenario at start exits 2 with the loader's messages", () => {
    const r = spawnSync(process.execPath, [join(out, "main.js"), "--scenario", bad, "--port", "0"], { encoding: "utf8", timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${bad}:4:24:`);
  });
});

describe("transport faults on a real socket", () => {
  const root = join(import.meta.dirname, "..");
  test("reset and empty break the connection; hang waits for the client; the server lives on", async () => {
    const child = spawn(process.execPath, [join(root, ".cli-test-build/main.js"), "--scenario", join(root, "test/files/net-faults.yaml"), "--port", "0"]);
    try {
      const base = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (d: Buffer) => {
          const m = /listening on (http:\/\/\S+)/.exec(d.toString());
          if (m) resolve(m[1]);
        });
        child.once("exit", () => reject(new Error("server exited")));
      });
      const get = (fault: string, signal?: AbortSignal) =>
        fetch(`${base}/v1/clients/CLIENT-01JDEM0MERCHANT00000000000`, {
          signal,
          headers: { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000", "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000", "x-fault": fault },
        });
      await expect(get("reset")).rejects.toMatchObject({ message: "fetch failed", cause: { code: "ECONNRESET" } });
      await expect(get("empty")).rejects.toMatchObject({ message: "fetch failed" });
      const malformed = await get("malformed");
      expect(malformed.status).toBe(200);
      await expect(malformed.json()).rejects.toThrow();
      const abort = new AbortController();
      const hanging = get("hang", abort.signal);
      const health = await fetch(`${base}/_mock/health`);
      expect(health.status).toBe(200);
      abort.abort();
      await expect(hanging).rejects.toThrow();
      expect((await fetch(`${base}/_mock/health`)).status).toBe(200);
    } finally {
      child.kill();
    }
  });
});

test("check refuses a FIFO at once instead of blocking on it, like --fixtures", () => {
  const fifo = join(dir, "pipe.yaml");
  execFileSync("mkfifo", [fifo]);
  const { ok, lines } = checkFiles([fifo]);
  expect(ok).toBe(false);
  expect(lines).toEqual([`${fifo}:1:1: (file): cannot read: not a regular file (a FIFO, device or directory)`]);
}, 5000);

test("ctl: a command name that is an Object property is an unknown command (exit 2), not a crash", async () => {
  const { runCtl } = await import("../src/cli/ctl/run.js");
  const { Writable } = await import("node:stream");
  let said = "";
  const sink = new Writable({ write: (chunk, _enc, done) => ((said += chunk), done()) });
  expect(await runCtl(["constructor"], {}, sink, sink)).toBe(2);
  expect(said).toContain("unknown command constructor");
});
