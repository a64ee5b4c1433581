#!/usr/bin/env node
import { serve } from "@hono/node-server";
import { readFileSync } from "node:fs";
import { parseCommand } from "./cli/args.js";
import { checkFiles } from "./cli/check.js";
import { FileError } from "./cli/load-files.js";
import { ScenarioFileError } from "./scenarios/loader.js";
import { scenarioJsonSchema } from "./scenarios/schema.js";
import { helpText, type Config } from "./config.js";
import { localDate } from "./core/calendar.js";
import { merchantZone } from "./gateway/clients/client.js";
import type { JournalEntry, LiveFacts } from "./gateway/journal.js";
import type { Host } from "./gateway/host.js";
import { createDouble } from "./index.js";
import { replayLog } from "./replay/replay.js";
import { VERSION } from "./version.js";

/**
 * Process entry: the only file that touches process, argv and signals. A bad flag or an unusable
 * file exits 2 with a one-line reason.
 */
async function main(): Promise<void> {
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
  if (cmd.kind === "replay") {
    const rebuilt = await replay(cmd.file);
    for (const s of rebuilt.steps) process.stdout.write(`${s.status} ${s.method} ${s.path}\n`);
    process.stdout.write(`replayed ${rebuilt.steps.length} requests; world now ${rebuilt.host.root.clock.iso()} seed=${rebuilt.host.root.options.seed}\n`);
    return;
  }
  const { config } = cmd;
  const onRequest = requestLogger(config.log);
  let double: { host: Host; app: { fetch: (r: Request) => Response | Promise<Response> } };
  try {
    double = config.replay
      ? await replay(config.replay, onRequest)
      : createDouble({
          seed: config.seed,
          fixtures: config.fixtures ?? undefined,
          clockStart: config.clockStart === undefined ? undefined : new Date(config.clockStart).toISOString(),
          tick: config.tick,
          journalLimit: config.journalLimit,
          control: config.control,
          scenarios: config.scenarios,
          builtin: config.builtin,
          realtime: config.realtime,
          onRequest,
        });
  } catch (e) {
    if (e instanceof ScenarioFileError) fail(`scenario file ${e.file} is invalid:\n${e.message}`);
    fail(e instanceof FileError ? e.message : `cannot start: ${(e as Error).message}`);
  }
  const server = serve({ fetch: double.app.fetch, port: config.port, hostname: config.host }, (info) => {
    const host = info.address.includes(":") ? `[${info.address}]` : info.address;
    process.stdout.write(`paydouble ${VERSION} listening on http://${host}:${info.port} ${startupFacts(double.host, config)}\n`);
    setImmediate(() => warmUp(double.host));
  });
  server.on("error", (e) => fail(`cannot listen: ${e.message}`));
  const stop = () => server.close(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/**
 * Run while the process waits for its first request: builds the time-zone formatters of the
 * fixture merchants (a first card or ACH sale schedules its batch close in the merchant's zone, and
 * the first `Intl.DateTimeFormat` loads ICU data: about 20 ms that request would otherwise pay).
 * Pure: only the calendar's formatter cache is filled, nothing in the world changes.
 */
function warmUp(host: Host): void {
  for (const client of host.root.state.clients.values()) localDate(host.root.clock.now(), merchantZone(client));
}

/** `seed=... scenarios=...` (and the replayed file) for the startup line: what the world was built from. */
function startupFacts(host: Host, config: Config): string {
  const names = (host.root.options.scenarios ?? []).map((s) => s.name);
  return `seed=${host.root.options.seed} scenarios=${names.length ? names.join(",") : "none"}${config.replay ? ` replay=${config.replay}` : ""}`;
}

/**
 * One line per `/v1` request on stdout; the journal entry is already masked. The real latency is
 * added here (and in the inspector's live stream) only: the journal API stays replay-identical.
 */
function requestLogger(mode: Config["log"]): ((e: JournalEntry, live: LiveFacts) => void) | undefined {
  if (mode === "json") return (e, live) => process.stdout.write(JSON.stringify({ ...e, latency_ms: live.latency_ms }) + "\n");
  if (mode === "text") {
    return (e, live) =>
      process.stdout.write(`${e.at} ${e.status} ${e.method} ${e.path} ${e.operation ?? "-"} ${e.request_id} ${live.latency_ms}ms\n`);
  }
  return undefined;
}

async function replay(file: string, onRequest?: (e: JournalEntry, live: LiveFacts) => void) {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    fail(`cannot read replay file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return await replayLog(text, { onRequest });
  } catch (e) {
    fail(`cannot replay ${file}: ${(e as Error).message}`);
  }
}

function fail(message: string): never {
  process.stderr.write(`paydouble: ${message}\n`);
  process.exit(2);
}

void main();
