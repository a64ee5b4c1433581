import { execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * No Docker engine runs on the build machines, so this test carries out the Dockerfile itself:
 * each stage gets a temporary root folder; COPY copies from the repository (or from an earlier
 * stage's root), RUN runs in the stage's WORKDIR with its ENV (npm from this machine, reusing its
 * cache), then the final stage's CMD starts with the image's ENV and its HEALTHCHECK is run against
 * it. The one liberty: PORT is 0 so the test finds a free port.
 */
interface Stage {
  name: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  expose: string[];
  volumes: string[];
  healthcheck: string[] | null;
  cmd: string[] | null;
}

const REPO = process.cwd();
const sh = promisify(execFile);

/** Dockerfile -> instructions, with continuation lines joined and comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  const joined = text.replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const [op] = l.split(/\s+/);
      return { op: op.toUpperCase(), args: l.slice(op.length).trim() };
    });
}

/** `A=1 B="two words"` -> pairs. */
function envPairs(args: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|(\S*))/g)) out[m[1]] = m[3] ?? m[4] ?? "";
  return out;
}

const inRoot = (stage: Stage, p: string) => join(stage.root, posix.isAbsolute(p) ? p : posix.join(stage.workdir, p));

async function carryOut(dockerfile: string, scratch: string): Promise<Stage[]> {
  const stages: Stage[] = [];
  let stage: Stage | undefined;
  for (const { op, args } of instructions(dockerfile)) {
    if (op === "FROM") {
      const name = /\sAS\s+(\S+)/i.exec(args)?.[1] ?? String(stages.length);
      stage = { name, root: join(scratch, name), workdir: "/", env: {}, user: null, expose: [], volumes: [], healthcheck: null, cmd: null };
      mkdirSync(stage.root, { recursive: true });
      stages.push(stage);
      continue;
    }
    if (!stage) throw new Error(`${op} before FROM`);
    if (op === "WORKDIR") {
      stage.workdir = posix.resolve(stage.workdir, args);
      mkdirSync(inRoot(stage, "."), { recursive: true });
    } else if (op === "ENV") {
      Object.assign(stage.env, envPairs(args));
    } else if (op === "COPY") {
      const words = args.split(/\s+/);
      const from = words[0].startsWith("--from=") ? stages.find((s) => s.name === words.shift()!.slice(7)) : null;
      const dest = words.pop()!;
      for (const src of words) {
        const source = from ? join(from.root, src) : join(REPO, src);
        const target = dest.endsWith("/") || words.length > 1 ? join(inRoot(stage, dest), posix.basename(src)) : inRoot(stage, dest);
        mkdirSync(dirname(target), { recursive: true });
        cpSync(source, target, { recursive: true });
      }
    } else if (op === "RUN") {
      await sh("sh", ["-c", args], {
        cwd: inRoot(stage, "."),
        env: { ...process.env, ...stage.env, npm_config_prefer_offline: "true", npm_config_update_notifier: "false" },
        maxBuffer: 64 * 1024 * 1024,
      });
    } else if (op === "USER") stage.user = args;
    else if (op === "EXPOSE") stage.expose.push(...args.split(/\s+/));
    else if (op === "VOLUME") stage.volumes.push(...(args.startsWith("[") ? (JSON.parse(args) as string[]) : args.split(/\s+/)));
    else if (op === "HEALTHCHECK") stage.healthcheck = JSON.parse(args.slice(args.indexOf("CMD") + 3).trim());
    else if (op === "CMD") stage.cmd = JSON.parse(args);
    else throw new Error(`the Dockerfile test does not know ${op}: keep the Dockerfile to the instructions it carries out`);
  }
  return stages;
}

const scratch = mkdtempSync(join(tmpdir(), "paydouble-docker-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

let stages: Stage[] = [];
beforeAll(async () => {
  stages = await carryOut(readFileSync(join(REPO, "Dockerfile"), "utf8"), scratch);
}, 300_000);

/** Starts the runtime stage's CMD with the image's ENV (and `extra`, as `docker run -e` would); resolves its port. */
async function startImage(runtime: Stage, extra: Record<string, string> = {}) {
  const [command, ...args] = runtime.cmd!;
  expect(command).toBe("node");
  const child = spawn(process.execPath, args, { cwd: inRoot(runtime, "."), env: { PATH: process.env.PATH!, ...runtime.env, PORT: "0", ...extra } });
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on http:\/\/0\.0\.0\.0:(\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`CMD exited ${code}`)));
  });
  return { child, port };
}

/** Runs the HEALTHCHECK command as Docker would inside the container; resolves its exit code. */
async function healthcheck(runtime: Stage, port: string): Promise<number> {
  const [hcCommand, ...hcArgs] = runtime.healthcheck!;
  expect(hcCommand).toBe("node");
  return sh(process.execPath, hcArgs, { env: { ...runtime.env, PORT: port } }).then(
    () => 0,
    (e: { code?: number }) => e.code ?? 1,
  );
}

describe("Dockerfile", () => {
  it("builds in two stages, runs compiled JavaScript with production dependencies only as a non-root user, and answers its health check", async () => {
    expect(stages.map((s) => s.name)).toEqual(["build", "runtime"]);
    const runtime = stages[1];
    const app = inRoot(runtime, ".");
    expect(runtime.user).toBe("node");
    expect(runtime.env).toMatchObject({ HOST: "0.0.0.0", PORT: "4242", NODE_ENV: "production" });
    expect(runtime.env).toHaveProperty("PAYDOUBLE_SCENARIOS");
    expect(runtime.expose).toEqual(["4242"]);
    expect(runtime.volumes).toEqual(["/scenarios"]);
    expect(existsSync(join(app, "dist/main.js"))).toBe(true);
    expect(existsSync(join(app, "src"))).toBe(false);
    const prod = Object.keys(JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).dependencies);
    for (const dep of prod) expect(existsSync(join(app, "node_modules", dep)), dep).toBe(true);
    for (const dev of ["typescript", "vitest", "@redocly/cli"]) expect(existsSync(join(app, "node_modules", dev)), dev).toBe(false);

    const { child, port } = await startImage(runtime);
    try {
      const health = await (await fetch(`http://127.0.0.1:${port}/_mock/health`)).json();
      expect(health).toMatchObject({ status: "ok" });
      expect(await healthcheck(runtime, port)).toBe(0);
    } finally {
      child.kill("SIGTERM");
    }
  }, 300_000);

  it("its HEALTHCHECK passes with the control API off (docker run -e PAYDOUBLE_NO_CONTROL=true)", async () => {
    const runtime = stages[1];
    const { child, port } = await startImage(runtime, { PAYDOUBLE_NO_CONTROL: "true" });
    try {
      expect((await fetch(`http://127.0.0.1:${port}/_mock/clock`)).status).toBe(404); // the control API is off
      expect((await fetch(`http://127.0.0.1:${port}/_mock/health`)).status).toBe(200); // health stays on
      expect(await healthcheck(runtime, port)).toBe(0);
    } finally {
      child.kill("SIGTERM");
    }
  }, 60_000);

  it("the healthcheck fails when nothing answers (so Docker would mark the container unhealthy)", async () => {
    expect(await healthcheck(stages[1], "1")).toBe(1);
  });
});
