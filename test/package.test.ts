import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { publint } from "publint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The package as published: built into a scratch copy (so parallel tests that build `dist` are not
 * disturbed), linted by publint in strict mode, and imported through its `exports`.
 */
const pkg = mkdtempSync(join(tmpdir(), "paydouble-pkg-"));
beforeAll(async () => {
  // Everything `files` ships (except dist, built below) and what npm always packs.
  const shipped = JSON.parse(readFileSync("package.json", "utf8")).files.filter((f: string) => f !== "dist");
  for (const f of ["package.json", "README.md", ...shipped]) if (existsSync(f)) cpSync(f, join(pkg, f), { recursive: true });
  await promisify(execFile)(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json", "--outDir", join(pkg, "dist")]);
}, 120_000);
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

describe("the published package", () => {
  it("is publint clean (strict)", async () => {
    const { messages } = await publint({ pkgDir: pkg, strict: true, pack: "npm" });
    expect(messages).toEqual([]);
  });

  it("exports createDouble and startDouble with their types", async () => {
    const mod = await import(pathToFileURL(join(pkg, "dist/index.js")).href);
    expect(typeof mod.createDouble).toBe("function");
    expect(typeof mod.startDouble).toBe("function");
    const types = readFileSync(join(pkg, "dist/index.d.ts"), "utf8");
    expect(types).toMatch(/startDouble/);
    expect(types).toMatch(/createDouble/);
    const running = await mod.startDouble({ seed: "pkg" });
    try {
      expect((await (await fetch(`${running.url}/_mock/health`)).json()).seed).toBe("pkg");
      expect(await running.requests.count()).toBe(0);
      expect((await running.reset("again")).seed).toBe("again");
    } finally {
      await running.close();
    }
  });
});
