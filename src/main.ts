#!/usr/bin/env node
import { serve } from "@hono/node-server";
import { parseCommand } from "./cli/args.js";
import { checkFiles } from "./cli/check.js";
import { FileError } from "./cli/load-files.js";
import { ScenarioFileError } from "./scenarios/loader.js";
import { scenarioJsonSchema } from "./scenarios/schema.js";
import { helpText } from "./config.js";
import { createDouble } from "./index.js";
import { VERSION } from "./version.js";

/**
 * Process entry: the only file that touches process, argv and signals. A bad flag or an unusable
 * file exits 2 with a one-line reason.
 */
function main(): void {
  const cmd = parseCommand(process.argv.slice(2), process.env);
  if (cmd.kind === "help") {
    process.stdout.write(helpText() + "\n");
    return;
  }
  if (cmd.kind === "version") {
    process.stdout.write(VERSION + "\n");
    return;
  }
  if (cmd.kind === "error") fail(cmd.message);
  if (cmd.kind === "schema") {
    process.stdout.write(JSON.stringify(scenarioJsonSchema(), null, 2) + "\n");
    return;
  }
  if (cmd.kind === "check") {
    const { ok, lines } = checkFiles(cmd.files);
    (ok ? process.stdout : process.stderr).write(lines.join("\n") + "\n");
    process.exitCode = ok ? 0 : 2;
    return;
  }
  const { config } = cmd;
  let double;
  try {
    double = createDouble({
      seed: config.seed,
      fixtures: config.fixtures ?? undefined,
      clockStart: config.clockStart === undefined ? undefined : new Date(config.clockStart).toISOString(),
      tick: config.tick,
      journalLimit: config.journalLimit,
      control: config.control,
      scenarios: config.scenarios,
      builtin: config.builtin,
      realtime: config.realtime,
    });
  } catch (e) {
    if (e instanceof ScenarioFileError) fail(`scenario file ${e.file} is invalid:\n${e.message}`);
    fail(e instanceof FileError ? e.message : `cannot start: ${(e as Error).message}`);
  }
  const server = serve({ fetch: double.app.fetch, port: config.port, hostname: config.host }, (info) => {
    const host = info.address.includes(":") ? `[${info.address}]` : info.address;
    process.stdout.write(`paydouble ${VERSION} listening on http://${host}:${info.port} seed=${double.host.root.options.seed}\n`);
  });
  server.on("error", (e) => fail(`cannot listen: ${e.message}`));
  const stop = () => server.close(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

function fail(message: string): never {
  process.stderr.write(`paydouble: ${message}\n`);
  process.exit(2);
}

main();
