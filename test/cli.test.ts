import { execSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SETTINGS } from "../src/config.js";
import { VERSION } from "../src/version.js";
import { createDouble } from "../src/index.js";
import { ensureBuilt } from "./built-cli.js";
import { MERCHANT, RESELLER } from "./helpers.js";

/** The built CLI, spawned as a user would: `npm run build` then `node dist/main.js`. */
beforeAll(ensureBuilt, 300_000);

const run = (args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["dist/main.js", ...args], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });

/** Starts a server on a free port; resolves once its startup line names the URL. */
function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["dist/main.js", "--port", "0", ...args], { env: { ...process.env, ...env } });
  let out = "";
  const lines: string[] = [];
  const ready = new Promise<{ url: string; line: string }>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && !lines.length) {
        lines.push(out.split("\n")[0]);
        resolve({ url: m[1], line: lines[0] });
      }
    });
    child.on("exit", (code) => reject(new Error(`exited ${code} before listening`)));
  });
  return { child, ready, output: () => out };
}

const stopped = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

describe("paydouble CLI", () => {
  it("--help lists every flag with its environment variable and default", async () => {
    const { code, stdout } = await run(["--help"]);
    expect(code).toBe(0);
    for (const s of SETTINGS) {
      const line = stdout.split("\n").find((l) => l.includes(`--${s.flag} `));
      expect(line, s.flag).toContain(s.env);
      expect(line).toContain(s.default);
    }
  });

  it("--version prints the version", async () => {
    expect(await run(["--version"])).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });

  it("a bad flag exits 2 with a one-line reason", async () => {
    const { code, stderr } = await run(["--colour", "red"]);
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toBe("paydouble: unknown flag --colour; see paydouble --help\n");
    expect((await run(["--tick", "soon"])).code).toBe(2);
  });

  it("an unreadable fixture file exits 2 with a one-line reason", async () => {
    const { code, stderr } = await run(["--fixtures", "/nonexistent/fixtures.yaml"]);
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(/^paydouble: cannot read fixture file \/nonexistent\/fixtures.yaml: ENOENT$/);
  });

  it("prints the startup banner (URL, seed, scenarios first), logs one masked JSON line per request, and exits 0 on SIGTERM", async () => {
    const scenario = join(mkdtempSync(join(tmpdir(), "paydouble-scn-")), "cli-startup.yaml");
    writeFileSync(scenario, "version: 1\nname: cli-startup\nrules: []\n");
    const s = start(["--seed", "cli", "--log", "json"], { PAYDOUBLE_SCENARIOS: scenario });
    const { url, line } = await s.ready;
    // The scenario is named by its file (before the scenario engine) or by its `name` (after).
    expect(line).toMatch(/^paydouble \S+ listening on http:\/\/127\.0\.0\.1:\d+ seed=cli scenarios=cli-startup(\.yaml)?$/);
    // Then where things are and the demo credentials from the fixtures, with a curl that works as printed.
    const banner = s.output().split("\n").slice(1, 8).join("\n");
    for (const where of ["docs", "control", "inspector"]) expect(banner).toMatch(new RegExp(`^  ${where} +${url}/_mock`, "m"));
    expect(banner).toContain(`merchant   Client-Id: ${MERCHANT.id}  Api-Key: ${MERCHANT.key}`);
    expect(banner).toContain(`reseller   Client-Id: ${RESELLER.id}  Api-Key: ${RESELLER.key}`);
    const curl = /^  try +(curl .*)$/m.exec(banner)![1];
    expect(JSON.parse(execSync(curl, { encoding: "utf8" }))).toHaveProperty("data");
    await fetch(`${url}/v1/clients`, {
      method: "POST",
      headers: { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id, "content-type": "application/json" },
      body: JSON.stringify({ dba: "x", pan: "4242424242424242" }),
    });
    const exit = stopped(s.child);
    s.child.kill("SIGTERM");
    expect(await exit).toBe(0);
    const logged = s.output().trim().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    expect(logged).toHaveLength(2); // the banner's curl, then the POST
    expect(logged[0]).toMatchObject({ method: "GET", path: "/v1/transactions", status: 200 });
    expect(logged[1]).toMatchObject({ method: "POST", path: "/v1/clients", operation: "createClient", status: 400, error_code: "INVALID_REQUEST_DATA" });
    // Wall time: in the log line, never in the journal API.
    expect(logged[1].latency_ms).toBeGreaterThanOrEqual(0);
    expect(logged[1].response).toMatchObject({ error_code: "INVALID_REQUEST_DATA" });
    expect(s.output()).not.toContain("4242424242424242");
  });

  it("--scenario takes a shipped scenario's name; --log text lines carry the query, result, error and rule (issue 20)", async () => {
    const s = start(["--seed", "cli", "--scenario", "declines", "--log", "text"]);
    const { url, line } = await s.ready;
    expect(line).toMatch(/ scenarios=declines$/);
    const merchant = { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id };
    await fetch(`${url}/v1/transactions?type=VOID&limit=5`, { headers: merchant });
    const card = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } };
    for (const amount of [5051, 100]) {
      await fetch(`${url}/v1/transactions`, { method: "POST", headers: { ...merchant, "content-type": "application/json" }, body: JSON.stringify({ type: "SALE", amount, payment_method: card }) });
    }
    await fetch(`${url}/v1/transactions?limit=0`, { headers: merchant });
    const exit = stopped(s.child);
    s.child.kill("SIGTERM");
    expect(await exit).toBe(0);
    const logged = s.output().split("\n").filter((l) => /^\d{4}-/.test(l));
    expect(logged).toHaveLength(4);
    // The spec makes a type=VOID filter a 500 (a quirk): the line shows the query that caused it.
    expect(logged[0]).toMatch(/^\S+ 500 GET \/v1\/transactions\?type=VOID&limit=5 listTransactions \S+ [\d.]+ms error=\w+$/);
    expect(logged[1]).toMatch(/ 200 POST \/v1\/transactions createTransaction \S+ [\d.]+ms result=DECLINED rule="declines\/insufficient funds"$/);
    expect(logged[2]).toMatch(/ [\d.]+ms result=APPROVED$/);
    expect(logged[3]).toMatch(/ 400 GET \/v1\/transactions\?limit=0 listTransactions \S+ [\d.]+ms error=INVALID_REQUEST_DATA$/);
    expect(s.output()).not.toContain("4242424242424242");
  });

  it("same seed and requests give byte-identical bodies and request ids over HTTP; another seed does not", async () => {
    const session = async (seed: string) => {
      const s = start(["--seed", seed]);
      const { url } = await s.ready;
      const out: string[] = [];
      const headers = { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id, "content-type": "application/json" };
      for (const dba of ["One", "Two"]) {
        const body = JSON.stringify({ dba, type: "merchant", admin_contact_details: { first_name: "A", last_name: "B", email: "a@b.co" } });
        const res = await fetch(`${url}/v1/clients`, { method: "POST", headers, body });
        out.push(`${res.headers.get("x-request-id")} ${await res.text()}`);
      }
      const list = await fetch(`${url}/v1/clients?Take=10`, { headers });
      out.push(`${list.headers.get("x-request-id")} ${await list.text()}`);
      const exit = stopped(s.child);
      s.child.kill("SIGTERM");
      await exit;
      return out;
    };
    const a = await session("same");
    expect(await session("same")).toEqual(a);
    const other = await session("other");
    expect(other[0].split(" ")[0]).not.toBe(a[0].split(" ")[0]);
    expect(other).not.toEqual(a);
  });

  it("--replay FILE serves the rebuilt world; `replay FILE` prints what it replayed", async () => {
    const s = start(["--seed", "rec"]);
    const { url } = await s.ready;
    const headers = { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id, "content-type": "application/json" };
    const body = JSON.stringify({ dba: "Replayed", type: "merchant", admin_contact_details: { first_name: "A", last_name: "B", email: "a@b.co" } });
    const created = await (await fetch(`${url}/v1/clients`, { method: "POST", headers, body })).json();
    const log = await (await fetch(`${url}/_mock/journal/export`)).text();
    const read = async (base: string) => (await fetch(`${base}/v1/clients/${created.id}`, { headers })).text();
    const original = await read(url);
    s.child.kill("SIGTERM");
    const file = join(mkdtempSync(join(tmpdir(), "paydouble-replay-")), "world.ndjson");
    writeFileSync(file, log);

    const r = start(["--replay", file]);
    expect((await r.ready).line).toContain(`replay=${file}`);
    expect(await read((await r.ready).url)).toBe(original);
    const exit = stopped(r.child);
    r.child.kill("SIGTERM");
    await exit;

    const printed = await run(["replay", file]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain("200 POST /v1/clients\n");
    expect(printed.stdout).toMatch(/replayed 1 requests; world now \S+ seed=rec/);
    expect((await run(["replay", "/nonexistent.ndjson"])).code).toBe(2);
  });
});

describe("the built CLI's cold-start aids (scripts/build-extras.mjs)", () => {
  it("runs the one-file bundle through a V8 code cache this Node accepts", async () => {
    const r = await run(["--version"], { PAYDOUBLE_CODE_CACHE: "report" });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(VERSION);
    expect(r.stderr).toBe("code cache: accepted\n");
  });

  // Node 20 rejects a cache trained without a flag the run has (`--max-semi-space-size=256` once made
  // `npm start` and the image report `rejected`); Node 26 no longer counts that flag.
  it("keeps the cache accepted under the V8 flags `npm start` passes", async () => {
    const report = (flags: string[]) =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, [...flags, "dist/main.js", "--version"], { env: { ...process.env, PAYDOUBLE_CODE_CACHE: "report" } });
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        child.on("close", () => resolve(stderr));
      });
    const words = (JSON.parse(readFileSync("package.json", "utf8")).scripts.start as string).split(/\s+/);
    expect(words[0]).toBe("node");
    expect(await report(words.slice(1, words.indexOf("dist/main.js")))).toBe("code cache: accepted\n");
  });

  // Installed from npm and run on another Node line (or with other V8 flags) than the build's, the
  // shipped cache is rejected: simulated by a copy of dist/ whose shipped cache V8 cannot read.
  it("where the shipped cache does not fit, the first server run trains one of its own and later starts take it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "own-cache-"));
    cpSync("dist", join(dir, "dist"), { recursive: true });
    for (const f of ["fixtures", "scenarios", "package.json"]) symlinkSync(resolve(f), join(dir, f));
    writeFileSync(join(dir, "dist/bin/paydouble.cjs.cache"), Buffer.alloc(4096, 1));
    const cacheHome = join(dir, "cache");
    const env = { ...process.env, PAYDOUBLE_CODE_CACHE: "report", XDG_CACHE_HOME: cacheHome };
    const spawnCopy = (args: string[]) => spawn(process.execPath, [join(dir, "dist/main.js"), ...args], { env });
    const version = () =>
      new Promise<string>((resolve) => {
        const child = spawnCopy(["--version"]);
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        child.on("close", () => resolve(stderr));
      });
    const trained = () => (existsSync(join(cacheHome, "paydouble")) ? readdirSync(join(cacheHome, "paydouble")) : []);

    expect(await version()).toBe("code cache: rejected\n");
    expect(trained(), "a run that served nothing trains nothing").toEqual([]);
    // Caches of earlier versions and builds, and a part a killed run left, each an hour older than the
    // one before: the folder keeps the 8 newest caches once this run has written its own.
    const folder = join(cacheHome, "paydouble");
    mkdirSync(folder, { recursive: true });
    const stale = [...Array.from({ length: 9 }, (_, i) => `0.0.${i}-1-2-v20.0.0-x64-abc.cache`), "0.0.9-1-2-v20.0.0-x64-abc.cache.4242"];
    stale.forEach((name, i) => {
      writeFileSync(join(folder, name), "old");
      utimesSync(join(folder, name), new Date(Date.now() - (i + 1) * 3_600_000), new Date(Date.now() - (i + 1) * 3_600_000));
    });
    writeFileSync(join(folder, "notes.txt"), "not a cache");

    const server = spawnCopy(["--port", "0"]);
    let out = "";
    const url = await new Promise<string>((resolve) =>
      server.stdout.on("data", (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]);
      }),
    );
    const sale = { type: "SALE", amount: 100, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } } };
    const paid = await fetch(`${url}/v1/transactions`, { method: "POST", headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" }, body: JSON.stringify(sale) });
    expect(paid.status).toBe(200);
    const exit = stopped(server);
    server.kill("SIGTERM");
    expect(await exit).toBe(0);
    const own = trained().filter((name) => !stale.includes(name) && name !== "notes.txt");
    expect(own).toHaveLength(1);
    expect(trained().sort()).toEqual([...own, ...stale.slice(0, 7), "notes.txt"].sort());

    expect(await version()).toBe("code cache: accepted (trained on this machine)\n");
  });

  it("ships the built-in scenario and default fixtures as JSON compiled from the current YAML", async () => {
    const dist = "../dist/"; // a variable: typecheck runs before any build
    const compiled = await import(`${dist}cli/compiled.js`);
    const { BUILTIN_PATH, readScenarioFile } = await import(`${dist}scenarios/library.js`);
    const { DEFAULT_FIXTURES_PATH, readFixtures } = await import(`${dist}cli/load-files.js`);
    const asset = JSON.parse(readFileSync("dist/assets/builtin.json", "utf8"));
    expect(asset.source).toBe(readFileSync(BUILTIN_PATH, "utf8"));
    expect(compiled.builtinScenario()).toStrictEqual(readScenarioFile(BUILTIN_PATH));
    expect(compiled.fixturesFrom(DEFAULT_FIXTURES_PATH)).toStrictEqual(readFixtures(DEFAULT_FIXTURES_PATH));
  });

  it("the bundled CLI answers byte for byte as the unbundled library (document, decline, envelopes, journal, export)", async () => {
    const s = start([]);
    const { url } = await s.ready;
    const lib = createDouble({ journalLimit: 10_000 }); // the CLI's default, which it passes explicitly
    const card = { type: "Card", entry_method: "ECOMMERCE", pan: "4000000000009995", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "A", last_name: "B" };
    const steps: [string, string, string?][] = [
      ["GET", "/_mock/openapi.json"],
      ["GET", "/_mock/docs"],
      ["POST", "/v1/transactions", JSON.stringify({ type: "SALE", amount: 5, payment_method: card })],
      ["POST", "/v1/transactions", JSON.stringify({ type: "SALE", amount: -1, bogus: 1 })],
      ["POST", "/v1/users", "{not json"],
      ["GET", "/v1/transactions"],
      ["GET", "/v1/transactions?limit=2"],
      ["GET", "/v1/transactions?"],
      ["GET", "/_mock/magic-values"],
      ["GET", "/_mock/requests"],
      ["GET", "/_mock/journal/export"],
    ];
    try {
      for (const [method, path, body] of steps) {
        // x- headers go to the replay log (not x-request-id), others not: the server reads the names
        // from node's raw list, in process from the Headers object; the export must not differ.
        const headers = { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json", "X-Trace": "t-1", "X-Request-Id": "mine", "Zz-Other": "no", "X-Alpha": "a" };
        const init = { method, body, headers };
        const viaCli = await fetch(url + path, init);
        const inProcess = await lib.fetch(new Request("http://in-process" + path, init));
        expect(viaCli.status, path).toBe(inProcess.status);
        // The export's header line lists the options each world was built from, and the CLI passes
        // its flags' defaults where createDouble leaves them unset: compare what follows it.
        const text = async (r: Response, root: string) => {
          const t = (await r.text()).replaceAll(root, "ROOT");
          return path.endsWith("/export") ? t.split("\n").slice(1).join("\n") : t;
        };
        expect(await text(viaCli, url), path).toBe(await text(inProcess, "http://in-process"));
      }
    } finally {
      s.child.kill("SIGTERM");
    }
  });
});
