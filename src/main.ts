#!/usr/bin/env node
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { parseCommand } from "./cli/args.js";
import { bannerLines } from "./cli/banner.js";
import { checkFiles } from "./cli/check.js";
import { createHttpServer, type Fetch } from "./cli/http-server.js";
import { runCtl } from "./cli/ctl/run.js";
import { closeGracefully } from "./cli/shutdown.js";
import { FileError } from "./cli/load-files.js";
import { ScenarioFileError } from "./scenarios/loader.js";
import { textLogLine } from "./cli/log-line.js";
import { fixturesJsonSchema, scenarioJsonSchema } from "./scenarios/json-schema.js";
import { helpText, type Config } from "./config.js";
import { wallNow } from "./core/clock.js";
import type { JournalEntry, LiveFacts } from "./gateway/journal.js";
import type { Host } from "./gateway/host.js";
import type { Limits } from "./gateway/limits.js";
import { createDouble } from "./index.js";
import { replayLog, truncationNote } from "./replay/replay.js";
import { VERSION } from "./version.js";

/**
 * Process entry: the only file that touches process, argv and signals. A bad flag or an unusable
 * file exits 2 with a one-line reason.
 */
async function main(): Promise<void> {
  const cmd = parseCommand(process.argv.slice(2), process.env);
  quitQuietlyOnClosedStdout(cmd.kind !== "serve");
  if (cmd.kind === "help") {
    process.stdout.write(helpText() + "\n");
    return;
  }
  if (cmd.kind === "version") {
    process.stdout.write(VERSION + "\n");
    return;
  }
  if (cmd.kind === "error") fail(cmd.message);
  if (cmd.kind === "ctl") {
    process.exitCode = await runCtl(cmd.argv, process.env, process.stdout, process.stderr);
    return;
  }
  if (cmd.kind === "schema") {
    process.stdout.write(JSON.stringify(cmd.of === "fixtures" ? fixturesJsonSchema() : scenarioJsonSchema(), null, 2) + "\n");
    return;
  }
  if (cmd.kind === "check") {
    const { ok, lines } = checkFiles(cmd.files, { strict: cmd.strict });
    (ok ? process.stdout : process.stderr).write(lines.join("\n") + "\n");
    process.exitCode = ok ? 0 : 2;
    return;
  }
  if (cmd.kind === "replay") {
    const rebuilt = await replay(cmd.file, {});
    for (const s of rebuilt.steps) process.stdout.write(`${s.status} ${s.method} ${s.path}\n`);
    process.stdout.write(`replayed ${rebuilt.steps.length} requests; world now ${rebuilt.host.root.clock.iso()} seed=${rebuilt.host.root.options.seed}\n`);
    return;
  }
  const { config } = cmd;
  const onRequest = requestLogger(config.log);
  let double: { host: Host; app: { fetch: Fetch } } | undefined;
  // The adapter's second argument (node's request and response) keeps the app on its fast paths.
  const server = createHttpServer((request, env) => double!.app.fetch(request, env), config.host);
  server.on("error", (e) => fail(`cannot listen: ${e.message}`));
  // A new world is built after the port is open, not before: a client that connects meanwhile
  // (a test runner polling for readiness) waits in the kernel's queue, and no request is read until
  // the world is whole. A replayed world listens once it is rebuilt: replay awaits.
  const listening = () => new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  if (!config.replay) await listening();
  try {
    double = config.replay
      ? await replay(config.replay, { onRequest, allowedHosts: config.allowedHosts }, limitsOf(config))
      : createDouble({
          seed: config.seed,
          fixtures: config.fixtures ?? undefined,
          // `now` is read once, here: the world's options (and so the replay header) hold the instant.
          clockStart: config.clockStart === undefined ? undefined : new Date(config.clockStart === "now" ? wallNow() : config.clockStart).toISOString(),
          tick: config.tick,
          journalLimit: config.journalLimit,
          limits: limitsOf(config),
          control: config.control,
          scenarios: config.scenarios,
          builtin: config.builtin,
          realtime: config.realtime,
          allowedHosts: config.allowedHosts,
          onRequest,
        });
  } catch (e) {
    if (e instanceof ScenarioFileError) fail(`scenario file ${e.file} is invalid:\n${e.message}`);
    fail(e instanceof FileError ? e.message : `cannot start: ${(e as Error).message}`);
  }
  if (config.replay) await listening();
  const info = server.address() as AddressInfo;
  const facts = { version: VERSION, address: info.address, port: info.port, control: config.control, replay: config.replay };
  process.stdout.write(bannerLines(double.host, facts).join("\n") + "\n");
  // For dist/cli.cjs (scripts/cli-loader.cjs): a server run may train a start-up code cache.
  (process as NodeJS.EventEmitter).emit("paydouble:serving");
  const stop = () => void closeGracefully(server).then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/**
 * `paydouble schema | head -1`: node ignores SIGPIPE, so once the reader is gone a write to stdout
 * fails with EPIPE, an unhandled 'error' event and a stack trace. A one-shot command is done then
 * (exit 0, as `--help | head` always was); a server keeps serving and drops its log lines, since a
 * double that died with its log reader would fail the suite far from the cause.
 */
function quitQuietlyOnClosedStdout(oneShot: boolean): void {
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
    if (oneShot) process.exit(0);
  });
}

/** One line per `/v1` request on stdout; the journal entry is already masked; `latency_ms` is wall time. */
function requestLogger(mode: Config["log"]): RequestLogger | undefined {
  // The entry's path is world-local: a sandbox's entries say which sandbox.
  if (mode === "json") return (e, live) => process.stdout.write(JSON.stringify({ ...e, ...(live.sandbox_id ? { sandbox_id: live.sandbox_id } : {}), latency_ms: live.latency_ms }) + "\n");
  if (mode === "text") {
    return (e, live) => process.stdout.write(textLogLine(e, live) + "\n");
  }
  return undefined;
}

type RequestLogger = (e: JournalEntry, live: LiveFacts) => void;

/** The memory bounds of the flags (docs/reference/limits.md). */
function limitsOf(config: Config): Limits {
  const { journalBytes, replayLogLimit: replayLogEntries, replayLogBytes, refusedKeep, streamBuffer } = config;
  return { journalBytes, replayLogEntries, replayLogBytes, refusedKeep, streamBuffer };
}

async function replay(file: string, appOptions: { onRequest?: RequestLogger; allowedHosts?: readonly string[] } = {}, limits: Partial<Limits> = {}) {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    fail(`cannot read replay file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  // Progress on stderr (stdout carries the banner and request log): a long log takes seconds.
  process.stderr.write(`paydouble: replaying ${file} ...\n`);
  try {
    const rebuilt = await replayLog(text, appOptions, limits);
    process.stderr.write(`paydouble: replayed ${rebuilt.steps.length} requests\n`);
    if (rebuilt.truncated) process.stderr.write(`paydouble: ${truncationNote(rebuilt.truncated)}\n`);
    return rebuilt;
  } catch (e) {
    fail(`cannot replay ${file}: ${(e as Error).message}`);
  }
}

function fail(message: string): never {
  process.stderr.write(`paydouble: ${message}\n`);
  process.exit(2);
}

void main();
