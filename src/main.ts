#!/usr/bin/env node
import { serve } from "@hono/node-server";
import { parseCommand } from "./cli/args.js";
import { FileError } from "./cli/load-files.js";
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
  const { config } = cmd;
  let double;
  try {
    double = createDouble({
      seed: config.seed,
      fixtures: config.fixtures ?? undefined,
      clockStart: new Date(config.clockStart).toISOString(),
      tick: config.tick,
      journalLimit: config.journalLimit,
      control: config.control,
    });
  } catch (e) {
    fail(e instanceof FileError ? e.message : `cannot start: ${(e as Error).message}`);
  }
  const server = serve({ fetch: double.app.fetch, port: config.port, hostname: config.host }, (info) => {
    const host = info.address.includes(":") ? `[${info.address}]` : info.address;
    process.stdout.write(`paydouble ${VERSION} listening on http://${host}:${info.port} seed=${config.seed}\n`);
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
