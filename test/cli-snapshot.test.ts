import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of scripts/, without types
import { startCommand } from "../scripts/start-command.mjs";
import { ensureBuilt } from "./built-cli.js";
import { goldenScript, type Call } from "./golden-script.js";
import { MERCHANT, type Caller } from "./helpers.js";
import { CARD } from "./openapi-flow.js";

/**
 * `npm start` and the Docker CMD start from a V8 start-up snapshot (scripts/snapshot-builder.cjs):
 * the bundle evaluated and a few card SALEs answered at build time. Whatever the snapshot holds
 * must not show: the same answers, byte for byte, as the `bin` (`node dist/cli.cjs`, through the
 * code cache), settings read when it starts, and a copy of dist/ elsewhere still starting.
 */
beforeAll(ensureBuilt, 300_000);

const root = resolve(".");
const shipped: { flags: string[]; entry: string } = startCommand(root);
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => children.forEach((c) => c.kill("SIGKILL")));

/** Starts `node <args> --port 0 ...`; resolves its URL, first line and stderr so far once it listens. */
function serve(nodeArgs: string[], args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...nodeArgs, "--port", "0", ...args], { env: { ...process.env, ...env } });
  children.push(child);
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  return new Promise<{ url: string; line: string; stderr: () => string }>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, line: out.split("\n")[0]!, stderr: () => err });
    });
    child.on("exit", (code) => reject(new Error(`exited ${code} before listening: ${err}`)));
  });
}

/** The golden script's requests over a socket to `url`. */
const over =
  (url: string): Call =>
  async (method, path, opts) => {
    const headers: Record<string, string> = { ...opts.headers };
    const as: Caller | null = opts.as === undefined ? MERCHANT : opts.as;
    if (as) Object.assign(headers, { "Api-Key": as.key, "Client-Id": as.id }, as.actingAs ? { "X-Acting-As-Client-Id": as.actingAs } : {});
    let body = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["Content-Type"] ??= "application/json";
    }
    const res = await fetch(url + path, { method, headers, body });
    // Each server has its own port, which a sandbox's `base_url` names.
    const text = (await res.text()).split(url).join("http://127.0.0.1:PORT");
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  };

const sale = async (url: string) => {
  const res = await fetch(`${url}/v1/transactions`, {
    method: "POST",
    headers: { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "Content-Type": "application/json" },
    body: JSON.stringify({ type: "SALE", amount: 1500, payment_method: CARD }),
  });
  return { status: res.status, body: (await res.json()) as { id: string } };
};

describe("the start-up snapshot of npm start and the Docker CMD", () => {
  it("answers the golden script with the same bytes as the bin, which runs through the code cache", async () => {
    const args = ["--seed", "golden", "--scenario", "scenarios/faults.yaml"];
    const [snap, bin] = await Promise.all([serve([...shipped.flags, shipped.entry], args, { PAYDOUBLE_CODE_CACHE: "report" }), serve(["dist/cli.cjs"], args, { PAYDOUBLE_CODE_CACHE: "report" })]);
    expect(snap.stderr()).toBe("code cache: none (start-up snapshot)\n");
    expect(bin.stderr()).toBe("code cache: accepted\n");
    expect(snap.line.replace(/:\d+ /, " ")).toBe(bin.line.replace(/:\d+ /, " "));
    // `date` is the wall clock's; the rest of every answer is the world's.
    const [fromSnap, fromBin] = await Promise.all([goldenScript(over(snap.url), ["date"]), goldenScript(over(bin.url), ["date"])]);
    expect(fromSnap.length).toBe(readFileSync("test/golden/wire.txt", "utf8").trimEnd().split("\n").length);
    expect(fromSnap).toEqual(fromBin);
  }, 60_000);

  it("reads its flags and environment when it starts, not when the snapshot was built", async () => {
    const [fromEnv, fromFlag, bin] = await Promise.all([
      serve([...shipped.flags, shipped.entry], [], { PAYDOUBLE_SEED: "seed-from-env" }),
      serve([...shipped.flags, shipped.entry], ["--seed", "seed-from-flag", "--clock-start", "2029-01-02T03:04:05Z"]),
      serve(["dist/cli.cjs"], [], { PAYDOUBLE_SEED: "seed-from-env" }),
    ]);
    expect(fromEnv.line).toContain(" seed=seed-from-env ");
    expect(fromFlag.line).toContain(" seed=seed-from-flag ");
    const [a, b, c] = await Promise.all([sale(fromEnv.url), sale(fromFlag.url), sale(bin.url)]);
    expect(a.body.id).toBe(c.body.id);
    expect(b.body.id).not.toBe(a.body.id);
    expect((b.body as unknown as { time_created: string }).time_created).toBe("2029-01-02T03:04:05.001Z");
  }, 30_000);

  it("started for a copy of dist/ elsewhere (the snapshot holds this one's paths), runs that copy's loader", async () => {
    const dir = mkdtempSync(join(tmpdir(), "moved-dist-"));
    try {
      for (const f of ["dist", "fixtures", "scenarios", "package.json"]) cpSync(f, join(dir, f), { recursive: true });
      const moved = await serve(["--snapshot-blob", join(dir, "dist/bin/paydouble.blob"), join(dir, "dist/cli.cjs")], [], { PAYDOUBLE_CODE_CACHE: "report" });
      const bin = await serve(["dist/cli.cjs"], []);
      // Its own loader, through its code cache (which Node 26 rejects under `--snapshot-blob`: it
      // then compiles the bundle, as on another Node line).
      expect(moved.stderr()).toMatch(/^code cache: (accepted|rejected)\n$/);
      const [a, b] = await Promise.all([sale(moved.url), sale(bin.url)]);
      expect(a.status).toBe(200);
      expect(a.body.id).toBe(b.body.id);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
