// The docs example runner: every fenced block of README.md and docs/**/*.md is executed or checked
// the strongest way it can be, so no example can go stale (docs/explanation/how-we-prove-it.md).
// A block the runner does not know how to check fails the suite unless it is marked
// `<!-- example: not-run: reason -->` on the line above it, and such a block counts as skipped.
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fencedBlocks, type Block } from "./docs/blocks.js";
import { ciScripts, parseYaml, yamlKind } from "./docs/ci-yaml.js";
import { DOCS_CLI_DIR } from "./docs/global-build.js";
import { startServer, type PageServer } from "./docs/server.js";
import { shellQuote, shellScript } from "./docs/shell.js";
import { checkTypeScript, tsFile } from "./docs/typescript.js";
import { parseRequirements } from "../src/verdict/requirements.js";

const repo = resolve(".");
const cli = resolve(DOCS_CLI_DIR, "dist/cli.cjs");
const mdFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? mdFiles(join(dir, e.name)) : e.name.endsWith(".md") ? [join(dir, e.name)] : []));
const pages = ["README.md", ...(existsSync("docs") ? mdFiles("docs").sort() : [])];
const blocksOf = new Map(pages.map((p) => [p, fencedBlocks(p, readFileSync(p, "utf8"))]));
const tsBlocks = [...blocksOf.values()].flat().filter((b) => b.lang === "ts" || b.lang === "typescript");

const counts = { README: 0, docs: 0, skipped: [] as string[], kinds: {} as Record<string, number> };
const done = (b: Block, kind: string) => {
  counts[b.page === "README.md" ? "README" : "docs"]++;
  counts.kinds[kind] = (counts.kinds[kind] ?? 0) + 1;
};

// Shims first on PATH: see test/docs/shim.mjs for what `paydouble`, `npx`, `npm`, `docker` do here.
const shimDir = mkdtempSync(join(tmpdir(), "paydouble-docs-bin-"));
for (const name of ["paydouble", "npx", "npm", "docker", "podman"]) {
  writeFileSync(join(shimDir, name), `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(resolve("test/docs/shim.mjs"))} ${name} "$@"\n`);
  chmodSync(join(shimDir, name), 0o755);
}
const env = { ...process.env, PATH: `${shimDir}:${process.env.PATH}`, DOCS_REAL_PATH: process.env.PATH, DOCS_CLI: cli, DOCS_REPO: repo };
for (const k of Object.keys(env)) if (k.startsWith("PAYDOUBLE_")) delete env[k as keyof typeof env];

let tsProblems: Map<string, string>;
beforeAll(async () => {
  tsProblems = await checkTypeScript(tsBlocks);
}, 180_000);

afterAll(() => {
  rmSync(shimDir, { recursive: true, force: true });
  const executed = counts.README + counts.docs;
  const line = `docs examples: ${executed} executed (README ${counts.README}, docs ${counts.docs}), ${counts.skipped.length} skipped`;
  const kinds = Object.entries(counts.kinds).map(([k, n]) => `${k} ${n}`).join(", ");
  console.log(`${line}\n  ${kinds}${counts.skipped.length ? `\n  skipped: ${counts.skipped.join("; ")}` : ""}`);
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(".tmp/docs-examples.json", JSON.stringify({ line, kinds }));
});

/** Runs a script with bash in the page's folder; variables set by earlier blocks of the page carry over. */
async function bash(script: string, cwd: string): Promise<string> {
  const state = join(cwd, ".docs-state.sh");
  const full = [
    "set -euo pipefail",
    `__out=$(mktemp)`,
    `__expect() { grep -qF -- "$1" "$__out" || { echo "expected output containing: $1" >&2; exit 1; }; }`,
    `[ -f ${state} ] && source ${state}`,
    `trap 'export -p | grep -v -E " (BASH|SHELL|SHLVL|PWD|OLDPWD|_|__out)=" > ${state}' EXIT`,
    "set -a",
    script,
  ].join("\n");
  try {
    const { stdout } = await promisify(execFile)("bash", ["-c", full], { cwd, env, timeout: 60_000 });
    return stdout;
  } catch (e) {
    const { stdout, stderr, code } = e as { stdout: string; stderr: string; code: number };
    throw new Error(`exit ${code}\n--- script ---\n${script}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`);
  }
}

async function checkBlock(b: Block, server: PageServer, cwd: string): Promise<string> {
  const marker = b.marker ?? "";
  if (marker.startsWith("library")) {
    expect(tsProblems.get(tsFile(b))).toBe("");
    return "ts run (library example)";
  }
  if (["sh", "bash", "shell", "console"].includes(b.lang)) {
    const { script, expectations } = shellScript(b.body, server.port, { exact: marker === "whole output" });
    await bash(script, cwd);
    return expectations ? (marker === "whole output" ? "sh run with whole output compared" : "sh run with asserted output") : "sh run";
  }
  if (b.lang === "ts" || b.lang === "typescript") {
    expect(tsProblems.get(tsFile(b))).toBe("");
    return "ts run";
  }
  if (b.lang === "dockerfile") {
    checkDerivedDockerfile(b.body, cwd);
    return "Dockerfile checked";
  }
  if (b.lang === "json") {
    JSON.parse(b.body);
    return "json parsed";
  }
  if (b.lang === "yaml" || b.lang === "yml") {
    const doc = parseYaml(b.body);
    const kind = yamlKind(doc);
    if (kind === "scenario" || kind === "fixtures") {
      const file = join(cwd, `block-${b.line}.yaml`);
      writeFileSync(file, b.body);
      if (kind === "scenario") await bash(`paydouble check ${shellQuote(file)}`, cwd);
      else await bash(`npx paydouble --fixtures ${shellQuote(file)}`, cwd);
      return kind === "scenario" ? "scenario checked" : "fixtures served";
    }
    if (kind === "coverage-requirements") {
      // Validated as `paydouble ctl coverage --require` reads it, and left as the page's
      // paydouble-coverage.yaml for the commands after it.
      const parsed = parseRequirements(b.body);
      expect(parsed.ok ? [] : parsed.problems).toEqual([]);
      writeFileSync(join(cwd, "paydouble-coverage.yaml"), b.body);
      return "coverage requirements checked";
    }
    if (!kind) throw new Error(`${b.page}:${b.line}: a YAML block the runner cannot classify; mark it or make it checkable`);
    for (const script of ciScripts(kind, doc)) await bash(shellScript(script, server.port).script, cwd);
    return `${kind} run`;
  }
  if (marker.startsWith("output of npm ls") && (b.lang === "text" || b.lang === "")) {
    const { stdout } = await promisify(execFile)("npm", ["ls", "--omit=dev", "--depth=0"], { env: process.env });
    for (const dep of b.body.match(/[\w@/.-]+@\d[\w.-]*/g) ?? []) expect(stdout, "npm ls --omit=dev").toContain(dep);
    return "npm ls compared";
  }
  if (marker.startsWith("output of paydouble serve") && b.lang === "text") {
    // The banner of the page's own server, its port written as the documented 4242.
    const lines = b.body.split("\n").length;
    for (let i = 0; i < 40 && server.output().split("\n").length <= lines; i++) await new Promise((r) => setTimeout(r, 50));
    const banner = server.output().replaceAll(`127.0.0.1:${server.port}`, "127.0.0.1:4242").split("\n").slice(0, lines).join("\n");
    expect(banner).toBe(b.body);
    return "banner compared";
  }
  const output = /^output of (\S+)/.exec(marker);
  if (output && (b.lang === "text" || b.lang === "")) {
    const source = readFileSync(output[1], "utf8");
    const head = b.body.split("\n")[0].split(":")[0].trim();
    expect(source, `${output[1]} prints "${head}"`).toContain(head);
    return "recorded output checked";
  }
  throw new Error(`${b.page}:${b.line}: no way to check a \`${b.lang || "plain"}\` block; mark it <!-- example: not-run: reason -->`);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
const slugs = (md: string) =>
  [...md.replace(/```[\s\S]*?```/g, "").matchAll(/^#+ (.*)$/gm)].map((m) =>
    m[1].toLowerCase().replace(/[^\w\- ]/g, "").replace(/ /g, "-"),
  );

describe("README.md as a front door", () => {
  const readme = readFileSync("README.md", "utf8");
  it("stays short and names no source file", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    expect(readme.match(/\b(src|bench|scripts)\/[\w/.-]+/g) ?? []).toEqual([]);
  });
  it("links only to pages that exist", () => {
    for (const page of pages) {
      const text = readFileSync(page, "utf8");
      for (const [, link, anchor] of text.matchAll(/\]\(([^)#\s]+\.md)(?:#([^)]*))?\)/g)) {
        const target = join(page, "..", link);
        expect(existsSync(target), `${page} links to ${link}`).toBe(true);
        if (anchor) expect(slugs(readFileSync(target, "utf8")), `${page} links to ${link}#${anchor}`).toContain(anchor);
      }
    }
  });
});

/**
 * A Dockerfile built `FROM paydouble`: every COPY source exists and lands where an ENV of the same
 * file names it, every ENV is a variable the image reads.
 */
function checkDerivedDockerfile(text: string, cwd: string): void {
  const image = readFileSync("Dockerfile", "utf8").split(/^FROM /m).pop()!;
  const named = [...text.matchAll(/^ENV .*$/gm)].join(" ");
  const help = readFileSync(cli.replace(/main\.js$/, "config.js"), "utf8") + image;
  for (const line of text.split("\n").filter((l) => l.trim() && !l.startsWith("#"))) {
    const [op, ...args] = line.trim().split(/\s+/);
    if (op === "FROM") expect(args[0]).toMatch(/^(.*\/)?paydouble(:[\w.-]+)?$/);
    else if (op === "COPY") {
      expect(existsSync(join(cwd, args[0])), `COPY source ${args[0]}`).toBe(true);
      expect(named, `COPY target ${args[1]} is named by an ENV`).toContain(`${args[1].replace(/\/$/, "")}/`);
    } else if (op === "ENV") for (const [, k] of args.join(" ").matchAll(/(\w+)=/g)) expect(help, `ENV ${k}`).toContain(k);
    else throw new Error(`derived Dockerfile: ${op} not checked`);
  }
}

for (const page of pages.filter((p) => blocksOf.get(p)!.length)) {
  describe(`examples of ${page}`, () => {
    let server: PageServer;
    let cwd: string;
    beforeAll(async () => {
      server = await startServer(cli, [], env);
      cwd = mkdtempSync(join(tmpdir(), "paydouble-docs-page-"));
      for (const f of ["scenarios", "fixtures", "Dockerfile", "package.json", "package-lock.json"]) symlinkSync(join(repo, f), join(cwd, f));
    }, 30_000);
    afterAll(async () => {
      await server?.stop();
      if (cwd) rmSync(cwd, { recursive: true, force: true });
    });
    for (const b of blocksOf.get(page)!) {
      it(`${b.lang || "plain"} block at line ${b.line}`, async () => {
        const reason = /^not-run:\s*(.+)/.exec(b.marker ?? "")?.[1];
        if (reason) return void counts.skipped.push(`${page}:${b.line} (${reason})`);
        done(b, await checkBlock(b, server, cwd));
      }, 90_000);
    }
  });
}
