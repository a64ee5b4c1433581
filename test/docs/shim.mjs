#!/usr/bin/env node
// The commands the docs show that would install, build or start something long-running, as the
// docs runner executes them (test/docs-examples.test.ts puts a wrapper per name first on PATH):
//   paydouble / npx paydouble   commands run as they are; "serve" starts the real server on a free
//                               port, reads /_mock/health, prints both and stops it
//   npm ci / i / start / test / run X   checked against package.json and the lock file (the test run
//                               itself installed; the pack-install test installs the tarball);
//                               npm start is started like serve above
//   docker / podman build, load, run   checked against the Dockerfile and the release script: podman
//                               builds with --format docker; load reads the tarball `npm run release`
//                               writes; run has --rm and publishes EXPOSE on 127.0.0.1, every -e a
//                               documented variable, every -v target a folder an -e names; run then
//                               starts the image's CMD with its ENV and runs its HEALTHCHECK command
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

const [name, ...args] = process.argv.slice(2);
const cli = process.env.DOCS_CLI;
const repo = process.env.DOCS_REPO;
/** The file the package's `bin`, `npm start` and the image's CMD run (the docs show it as shipped). */
const ENTRY = "dist/cli.cjs";

const die = (msg) => {
  process.stderr.write(`docs runner: ${msg}\n`);
  process.exit(1);
};
const pkg = () => JSON.parse(readFileSync(resolve(repo, "package.json"), "utf8"));

const COMMANDS = new Set(["check", "schema", "replay", "ctl", "help"]);

function paydouble(argv, env = process.env, nodeFlags = []) {
  if (COMMANDS.has(argv[0]) || argv.some((a) => ["--help", "-h", "--version"].includes(a))) {
    const r = spawnSync(process.execPath, [...nodeFlags, cli, ...argv], { stdio: "inherit", env });
    process.exit(r.status ?? 1);
  }
  return serveCheck(argv.filter((a) => a !== "serve"), env, nodeFlags);
}

/** Starts the server as documented (on a free port instead of 4242), checks its health, stops it. */
function serveCheck(argv, env, nodeFlags, after) {
  const cleaned = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--port" || argv[i] === "--host") i++;
    else if (!/^--(port|host)=/.test(argv[i])) cleaned.push(argv[i]);
  }
  const childEnv = { ...env, PORT: "0", HOST: "127.0.0.1", PAYDOUBLE_PORT: "0", PAYDOUBLE_HOST: "127.0.0.1" };
  const child = spawn(process.execPath, [...nodeFlags, cli, ...cleaned], { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const timer = setTimeout(() => (child.kill("SIGKILL"), die(`server did not start in 15 s:\n${out}`)), 15_000);
  child.stderr.on("data", (d) => (out += d));
  child.on("exit", (code) => die(`server exited ${code} before answering:\n${out}`));
  child.stdout.on("data", async (d) => {
    out += d;
    const m = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(out);
    if (!m || timer._done) return;
    timer._done = true;
    clearTimeout(timer);
    const res = await fetch(`${m[1]}/_mock/health`);
    process.stdout.write(`${out.split("\n")[0]}\nhealth: ${res.status} ${await res.text()}\n`);
    const ok = res.ok && (!after || after(Number(m[2])));
    child.removeAllListeners("exit");
    child.once("exit", () => process.exit(ok ? 0 : 1));
    child.kill("SIGTERM");
  });
}

function npm(argv) {
  const [cmd, ...rest] = argv;
  const scripts = pkg().scripts ?? {};
  if (cmd === "ci") {
    if (!existsSync(resolve(repo, "package-lock.json"))) die("npm ci needs package-lock.json");
    return console.log("npm ci: package-lock.json present (the test run already installed from it)");
  }
  if (cmd === "i" || cmd === "install") {
    const names = rest.filter((a) => !a.startsWith("-"));
    const tarball = `./${pkg().name}-${pkg().version}.tgz`; // what `npm run release` (npm pack) writes
    if (names.length !== 1 || ![pkg().name, tarball].includes(names[0]) || !pkg().bin?.paydouble) die(`unexpected install: npm ${argv.join(" ")}`);
    return console.log(`npm ${cmd}: ${names[0]} is this package (bin paydouble); test/pack-install.test.ts installs its tarball`);
  }
  if (cmd === "start") {
    const words = scripts.start?.split(/\s+/) ?? die("no start script");
    if (words[0] !== "node" || !words.includes(ENTRY)) die(`start script not understood: ${scripts.start}`);
    const flags = words.slice(1, words.indexOf(ENTRY));
    return serveCheck([...words.slice(words.indexOf(ENTRY) + 1), ...rest.filter((a) => a !== "--")], process.env, flags);
  }
  const script = cmd === "run" ? rest[0] : cmd;
  if (cmd === "test" || cmd === "run") {
    if (!scripts[script]) die(`no npm script ${script}`);
    return console.log(`npm ${argv.join(" ")}: script present (${scripts[script].slice(0, 60)}...)`);
  }
  die(`npm ${cmd} is not a command the docs runner knows`);
}

function npx(argv) {
  if (argv[0] === "paydouble") return paydouble(argv.slice(1));
  const r = spawnSync("npx", argv, { stdio: "inherit", env: { ...process.env, PATH: process.env.DOCS_REAL_PATH } });
  process.exit(r.status ?? 1);
}

/** The runtime stage of the Dockerfile: ENV, EXPOSE, VOLUME, HEALTHCHECK and CMD. */
function dockerfile() {
  const text = readFileSync(resolve(repo, "Dockerfile"), "utf8").replace(/\\\n/g, " ");
  const stage = text.split(/^FROM /m).pop();
  const env = {};
  for (const [, rest] of stage.matchAll(/^ENV (.*)$/gm))
    for (const [, k, v] of rest.matchAll(/(\w+)=("[^"]*"|\S*)/g)) env[k] = v.replace(/^"|"$/g, "");
  const one = (re) => re.exec(stage)?.[1];
  return {
    env,
    expose: one(/^EXPOSE (\d+)/m),
    health: JSON.parse(one(/^HEALTHCHECK .*?CMD (\[.*\])$/m) ?? "null"),
    cmd: JSON.parse(one(/^CMD (\[.*\])$/m) ?? "null"),
  };
}

function knownEnv() {
  const help = spawnSync(process.execPath, [cli, "--help"], { encoding: "utf8" }).stdout;
  const names = [...help.matchAll(/^\s+--[\w-]+\s+([A-Z][A-Z0-9_]+)\s/gm)].map((m) => m[1]);
  return new Set([...names, "PORT", "HOST", "NODE_OPTIONS", "NODE_ENV", ...help.match(/PAYDOUBLE_[A-Z_]+/g)]);
}

function docker(argv, engine = "docker") {
  const facts = dockerfile();
  if (argv[0] === "load") {
    const file = argv[argv.indexOf("-i") + 1] ?? "";
    const { name, version } = pkg();
    if (!argv.includes("-i") || file.split("/").pop() !== `${name}-${version}-image.tar`) die(`${engine} load ${argv.slice(1).join(" ")}: not the tarball npm run release writes`);
    if (!readFileSync(resolve(repo, "scripts/release.mjs"), "utf8").includes("-image.tar")) die("scripts/release.mjs writes no image tarball");
    return console.log(`${engine} load: ${file} is the image tarball of npm run release (scripts/release.mjs)`);
  }
  if (argv[0] === "build") {
    if (!facts.cmd || !facts.expose) die("the Dockerfile has no CMD or EXPOSE");
    if (engine === "podman" && !argv.join(" ").includes("--format docker")) die("podman build without --format docker drops the HEALTHCHECK");
    return console.log(`docker build: Dockerfile runtime stage CMD ${facts.cmd.join(" ")}, EXPOSE ${facts.expose}`);
  }
  if (argv[0] === "compose") die("docker compose is checked from its YAML file, not run");
  if (argv[0] !== "run") die(`${engine} ${argv[0]} is not a command the docs runner knows`);
  if (!argv.includes("--rm")) die(`${engine} run without --rm leaves the container behind`);
  const env = { ...facts.env };
  const mounts = [];
  const known = knownEnv();
  let i = 1;
  for (; i < argv.length && argv[i].startsWith("-"); i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === "-p" || flag === "--publish") {
      const p = value();
      if (p.split(":").pop() !== facts.expose) die(`-p ${p}: the image exposes ${facts.expose}`);
      if (!p.startsWith("127.0.0.1:")) die(`-p ${p}: publish on 127.0.0.1 (the control API needs no key)`);
    } else if (flag === "-e" || flag === "--env") {
      const [k, v] = value().split(/=(.*)/s);
      if (!known.has(k)) die(`-e ${k}: not a documented variable`);
      env[k] = v ?? process.env[k] ?? "";
    } else if (flag === "-v" || flag === "--volume") {
      const [src, dst] = value().split(":");
      mounts.push([dst, resolve(src)]);
    } else if (flag === "--name") value();
    else if (!["--rm", "-d", "--detach", "-it", "-i", "-t"].includes(flag)) die(`docker run ${flag} not understood`);
  }
  for (const [dst] of mounts) if (!Object.values(env).some((v) => v.split(",").some((f) => f.startsWith(`${dst}/`)))) die(`-v ${dst}: no -e names a file under it`);
  const image = argv[i];
  if (!/^(.*\/)?paydouble(:[\w.-]+)?$/.test(image ?? "")) die(`image ${image} is not paydouble`);
  for (const k of Object.keys(env)) for (const [dst, src] of mounts) env[k] = env[k].split(dst).join(src);
  if (facts.cmd[0] !== "node" || facts.cmd.at(-1) !== ENTRY) die(`CMD not understood: ${facts.cmd}`);
  const healthy = (port) => {
    const [bin, ...hargs] = facts.health;
    const r = spawnSync(bin === "node" ? process.execPath : bin, hargs, { env: { ...process.env, PORT: String(port) }, encoding: "utf8" });
    console.log(`HEALTHCHECK: exit ${r.status}`);
    return r.status === 0;
  };
  serveCheck(argv.slice(i + 1), { ...process.env, ...env }, facts.cmd.slice(1, -1), healthy);
}

const shims = { paydouble, npx, npm, docker, podman: (argv) => docker(argv, "podman") };
if (!shims[name]) die(`unknown shim ${name}`);
shims[name](args);
