import { execFile, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import { publint } from "publint";
import { afterAll, describe, expect, it } from "vitest";
import { listeningUrl } from "./built-cli.js";

/**
 * paydouble as a user gets it (issue 15): the repository's files are copied to a scratch folder,
 * `npm pack` there (its `prepare` builds dist/), the tarball installed into a scratch project outside
 * the repository, and there: `npx paydouble --help`, the bin started and asked `/_mock/health`, the
 * README's library example run verbatim with vitest and type-checked with `tsc --strict`, and a
 * scenario file that points `$schema` at the installed schema. Each step is printed.
 * vitest, typescript and @types/node are linked into the scratch project from this repository's
 * node_modules (installing them would download ~50 MB for nothing the test proves).
 */
const REPO = join(import.meta.dirname, "..");
const sh = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), "paydouble-pack-"));
const src = join(scratch, "src-copy");
const app = join(scratch, "app");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const NPM: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
// The scratch project's npm must not see this repository's vitest worker settings.
for (const k of Object.keys(NPM)) if (k.startsWith("VITEST") || k === "NODE_OPTIONS" || k === "FORCE_COLOR") delete NPM[k];
NPM.NO_COLOR = "1";

async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  console.log(`[pack-install] ${what} ...`);
  const result = await run();
  console.log(`[pack-install] ${what}: ok (${Math.round(performance.now() - started)} ms)`);
  return result;
}

const run = (cmd: string, args: string[], cwd: string) => sh(cmd, args, { cwd, env: NPM, maxBuffer: 64 * 1024 * 1024 });

/** The fenced ts block right after the README's library-example marker. */
function readmeExample(): string {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const marker = "<!-- example: library (run by test/pack-install.test.ts) -->";
  const at = readme.indexOf(marker);
  expect(at, "README.md has the library example marker").toBeGreaterThan(-1);
  const block = /^```ts\n([\s\S]*?)^```$/m.exec(readme.slice(at + marker.length));
  expect(readme.slice(at + marker.length).trimStart().startsWith("```ts"), "the ts block follows the marker").toBe(true);
  return block![1];
}

describe("the packed package, installed into a scratch project", () => {
  it("packs with dist/, installs, answers --help, serves, runs the README example, type-checks it, and offers its schemas", async () => {
    const tarball = await step("copy the repository's files and npm pack (prepare builds dist/)", async () => {
      const { stdout } = await sh("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: REPO, maxBuffer: 64 * 1024 * 1024 });
      for (const f of stdout.split("\0").filter((f) => f && existsSync(join(REPO, f)))) {
        mkdirSync(dirname(join(src, f)), { recursive: true });
        copyFileSync(join(REPO, f), join(src, f));
      }
      symlinkSync(join(REPO, "node_modules"), join(src, "node_modules"), "dir");
      const packed = JSON.parse((await run("npm", ["pack", "--json", "--pack-destination", scratch], src)).stdout)[0];
      const files: string[] = packed.files.map((f: { path: string }) => f.path);
      console.log(`[pack-install]   ${packed.filename}: ${files.length} files, ${packed.size} bytes`);
      const expected = ["dist/index.js", "dist/index.d.ts", "dist/start.d.ts", "dist/main.js", "dist/bin/paydouble.cjs", "dist/openapi.json", "fixtures/default.yaml", "scenarios/schema.json", "scenarios/declines.yaml", "README.md", "CHANGELOG.md"];
      if (existsSync(join(REPO, "fixtures/schema.json"))) expected.push("fixtures/schema.json");
      else console.log("[pack-install]   fixtures/schema.json is not in this checkout yet: not expected in the tarball");
      for (const f of expected) expect(files, f).toContain(f);
      for (const f of files) expect(f, "no sources or tests shipped").not.toMatch(/^(src|test|bench)\/|\.test\./);
      return join(scratch, packed.filename);
    });

    await step("publint --strict on the packed tarball", async () => {
      const { messages } = await publint({ strict: true, pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer } });
      // The fixtures' schema is another change of this wave: its export may point at nothing yet.
      const missingFixturesSchema = !existsSync(join(REPO, "fixtures/schema.json"));
      const left = messages.filter((m) => !(missingFixturesSchema && JSON.stringify(m).includes("fixtures/schema.json")));
      expect(left).toEqual([]);
    });

    await step("npm install the tarball into a scratch project (--prefer-offline)", async () => {
      mkdirSync(app, { recursive: true });
      writeFileSync(join(app, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }, null, 2));
      await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], app);
      for (const dev of ["vitest", "typescript", "@types/node"]) {
        mkdirSync(dirname(join(app, "node_modules", dev)), { recursive: true });
        symlinkSync(join(REPO, "node_modules", dev), join(app, "node_modules", dev), "dir");
      }
    });

    await step("npx paydouble --help", async () => {
      const { stdout } = await run("npx", ["--no-install", "paydouble", "--help"], app);
      expect(stdout).toMatch(/^Usage: paydouble/);
      expect(stdout).toContain("paydouble ctl");
    });

    await step("nothing installed reports installs home (no @scarf/scarf, no swagger-ui-dist)", async () => {
      for (const pkg of ["@scarf/scarf", "swagger-ui-dist"]) expect(existsSync(join(app, "node_modules", pkg)), pkg).toBe(false);
    });

    await step("start the bin, GET /_mock/health, compare /_mock/openapi.json with paydouble/openapi.json", async () => {
      const child = spawn(join(app, "node_modules/.bin/paydouble"), ["--port", "0", "--seed", "packed"], { cwd: app, env: NPM });
      try {
        const url = await listeningUrl(child);
        expect(await (await fetch(`${url}/_mock/health`)).json()).toMatchObject({ status: "ok", seed: "packed" });
        const served = await (await fetch(`${url}/_mock/openapi.json`)).json();
        const file = createRequire(join(app, "index.js")).resolve("paydouble/openapi.json");
        const shipped = JSON.parse(readFileSync(file, "utf8"));
        expect(shipped.servers[0].url).toBe("http://localhost:4242");
        expect(served.servers[0].url).toBe(url);
        expect({ ...shipped, servers: null }).toEqual({ ...served, servers: null });
        const ctl = await run(join(app, "node_modules/.bin/paydouble"), ["ctl", "--url", url, "requests", "count"], app);
        expect(ctl.stdout).toBe("0\n");
        // The API reference page's files ship inside the package (no CDN, no extra dependency).
        const bundle = await fetch(`${url}/_mock/docs/assets/swagger-ui-bundle.js`);
        expect(bundle.status).toBe(200);
        expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
      } finally {
        child.kill("SIGTERM");
      }
    });

    await step("run the README's library example verbatim with vitest", async () => {
      writeFileSync(join(app, "checkout.test.ts"), readmeExample());
      const { stdout } = await run(process.execPath, [join(app, "node_modules/vitest/vitest.mjs"), "run", "--root", app], app);
      expect(stdout.replace(/\x1b\[[0-9;]*m/g, "")).toMatch(/Tests\s+1 passed \(1\)/);
    });

    await step("type-check it with tsc --strict", async () => {
      const tsc = join(app, "node_modules/typescript/bin/tsc");
      await run(process.execPath, [tsc, "--strict", "--noEmit", "--module", "nodenext", "--target", "es2022", "--types", "node", "--skipLibCheck", "checkout.test.ts"], app);
    });

    await step("a scenario file points $schema at node_modules/paydouble/scenarios/schema.json", async () => {
      const schemaPath = "node_modules/paydouble/scenarios/schema.json";
      const text = `# yaml-language-server: $schema=./${schemaPath}\nversion: 1\nname: my-declines\nrules:\n  - when: { operation: createTransaction, body: { amount: 666 } }\n    then: { fail: { error: DOWNSTREAM_ERROR } }\n`;
      writeFileSync(join(app, "my-declines.yaml"), text);
      const schema = JSON.parse(readFileSync(join(app, schemaPath), "utf8"));
      const validate = new Ajv2020({ strict: false }).compile(schema);
      const { parse } = await import("yaml");
      expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ version: 1, name: "bad", rules: [{ when: { operation: 7 } }] })).toBe(false);
      const { stdout } = await run(join(app, "node_modules/.bin/paydouble"), ["check", "my-declines.yaml"], app);
      expect(stdout).toContain("my-declines.yaml: ok");
      if (existsSync(join(app, "node_modules/paydouble/fixtures/schema.json"))) {
        const fixtures = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(join(app, "node_modules/paydouble/fixtures/schema.json"), "utf8")));
        expect(fixtures(parse(readFileSync(join(app, "node_modules/paydouble/fixtures/default.yaml"), "utf8"))), JSON.stringify(fixtures.errors)).toBe(true);
      }
    });

    await step("the library's exports and types, imported by name", async () => {
      const { stdout } = await run(process.execPath, ["--input-type=module", "-e", "const m = await import('paydouble'); console.log(typeof m.createDouble, typeof m.startDouble)"], app);
      expect(stdout.trim()).toBe("function function");
      expect(readFileSync(join(app, "node_modules/paydouble/dist/index.d.ts"), "utf8")).toMatch(/startDouble/);
    });
  }, 600_000);
});
