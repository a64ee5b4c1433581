import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { setup } from "./helpers.js";
import { proofLine } from "./proof-lines.js";

/**
 * Both OpenAPI documents linted by the tools integrators use: Spectral (`spectral:oas`, see
 * .spectral.yaml) and Redocly (`recommended`, see redocly.yaml), zero errors and zero warnings.
 * Their summary lines are printed, so `npm test` shows them.
 */
const run = promisify(execFile);
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
const files: Record<string, string> = {};

beforeAll(async () => {
  const { get } = setup();
  const dir = mkdtempSync(join(tmpdir(), "paydouble-lint-"));
  for (const [name, path] of [["gateway", "/_mock/openapi.json"], ["control", "/_mock/control/openapi.json"]]) {
    files[name] = join(dir, `${name}.json`);
    writeFileSync(files[name], (await get(path, { as: null })).text);
  }
});

/** Runs a CLI, resolving with its output whatever the exit status. */
async function cli(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const r = await run(process.execPath, args, { env, maxBuffer: 16 << 20 });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e: any) {
    return { code: e.code ?? 1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe.each(["gateway", "control"])("the %s document", (name) => {
  it("has 0 Spectral problems (spectral:oas, hints and up)", async () => {
    const r = await cli(["node_modules/@stoplight/spectral-cli/dist/index.js", "lint", "-r", ".spectral.yaml", "--fail-severity", "hint", "-D", files[name]]);
    expect(r.out).toMatch(/No results with a severity of 'hint' or higher found!/);
    expect(r.code, r.out).toBe(0);
    proofLine("lint", `Spectral (spectral:oas) on the ${name} document: 0 problems (${r.out.match(/No results[^\n]*/)![0].trim()})`);
  }, 60_000);

  it("has 0 Redocly problems (recommended: no errors, no warnings)", async () => {
    const config = name === "control" ? "redocly-control.yaml" : "redocly.yaml";
    const r = await cli(["node_modules/@redocly/cli/bin/cli.js", "lint", "--config", config, files[name]]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain("Your API description is valid");
    expect(r.out).not.toMatch(/You have \d+ warning/i);
    proofLine("lint", `Redocly (recommended) on the ${name} document: 0 errors, 0 warnings (${r.out.match(/Woohoo![^\n]*/)![0].trim()})`);
  }, 60_000);
});
