import { parseArgs } from "node:util";
import { configSchema, SETTINGS, type Config } from "../config.js";
import { DEFAULT_LIMITS } from "../gateway/limits.js";
import { nearest, parseArgsProblem, unknownFlag } from "./suggest.js";
import { WORDS_ONCE } from "../core/zod-words.js";

export type ParsedCommand =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "serve"; config: Config }
  | { kind: "check"; files: string[]; strict: boolean }
  | { kind: "schema"; of: "scenario" | "fixtures" }
  | { kind: "replay"; file: string }
  | { kind: "ctl"; argv: string[] }
  | { kind: "error"; message: string };

type Setting = (typeof SETTINGS)[number];
type Flag = Setting["flag"];

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  seed: { type: "string" },
  fixtures: { type: "string" },
  "clock-start": { type: "string" },
  tick: { type: "string" },
  "journal-limit": { type: "string" },
  "journal-bytes": { type: "string" },
  "replay-log-limit": { type: "string" },
  "replay-log-bytes": { type: "string" },
  "refused-keep": { type: "string" },
  "stream-buffer": { type: "string" },
  "no-control": { type: "boolean" },
  scenario: { type: "string", multiple: true },
  "no-builtin": { type: "boolean" },
  realtime: { type: "boolean" },
  log: { type: "string" },
  replay: { type: "string" },
  "allowed-hosts": { type: "string", multiple: true },
  strict: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

const COMMANDS = ["serve", "check", "schema", "replay", "ctl"];

/**
 * argv (after `node main.js`) and environment -> what to do. Flags win over environment; for port
 * and host the paydouble variable wins over the generic `PORT`/`HOST`. An error names what the
 * user typed: the flag, or the environment variable the bad value came from.
 */
export function parseCommand(argv: string[], env: Record<string, string | undefined>): ParsedCommand {
  if (argv[0] === "ctl") return { kind: "ctl", argv: argv.slice(1) };
  const unknown = unknownFlag(argv, OPTIONS, "paydouble --help");
  if (unknown) return { kind: "error", message: unknown };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  } catch (e) {
    return { kind: "error", message: `${parseArgsProblem(e)}; see paydouble --help` };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  if (positionals[0] === "check") {
    if (positionals.length < 2) return { kind: "error", message: "check needs at least one scenario or fixtures file" };
    return { kind: "check", files: positionals.slice(1), strict: values.strict === true };
  }
  if (positionals[0] === "schema" && positionals.length === 1) return { kind: "schema", of: "scenario" };
  if (positionals[0] === "schema" && positionals.length === 2 && ["scenario", "fixtures"].includes(positionals[1]!)) {
    return { kind: "schema", of: positionals[1] as "scenario" | "fixtures" };
  }
  if (positionals[0] === "replay") {
    if (positionals.length !== 2) return { kind: "error", message: "usage: paydouble replay FILE" };
    return { kind: "replay", file: positionals[1] };
  }
  if (positionals.length > 0 && !(positionals.length === 1 && positionals[0] === "serve")) {
    const near = nearest(positionals[0], COMMANDS);
    return { kind: "error", message: `unknown command: ${positionals.join(" ")}${near ? ` (did you mean ${near}?)` : ""}; see paydouble --help` };
  }
  /** Where each value came from, so an error can name the flag or the variable. */
  const source = new Map<Flag, string>();
  const pick = (flag: Flag): string | undefined => {
    const setting = SETTINGS.find((s) => s.flag === flag)!;
    const v = (values as Record<string, string | boolean | undefined>)[flag];
    if (typeof v === "string") return (source.set(flag, `--${flag}`), v);
    for (const name of "alsoEnv" in setting ? [setting.env, setting.alsoEnv] : [setting.env]) {
      if (env[name] !== undefined && env[name] !== "") return (source.set(flag, name), env[name]!.trim());
    }
    return undefined;
  };
  const bools: Partial<Record<Flag, boolean>> = {};
  for (const flag of ["no-control", "no-builtin", "realtime"] as const) {
    const setting = SETTINGS.find((s) => s.flag === flag)!;
    const raw = env[setting.env]?.trim().toLowerCase();
    const fromEnv = raw === undefined || raw === "" ? false : ["true", "1", "yes"].includes(raw) ? true : ["false", "0", "no"].includes(raw) ? false : null;
    if (fromEnv === null && values[flag] !== true) return { kind: "error", message: `${setting.env}: "${env[setting.env]}" is not a boolean (true/false, 1/0, yes/no)` };
    bools[flag] = values[flag] === true || fromEnv === true;
  }
  const scenariosEnv = env.PAYDOUBLE_SCENARIOS;
  if (!values.scenario && scenariosEnv) source.set("scenario", "PAYDOUBLE_SCENARIOS");
  const result = configSchema.safeParse({
    port: pick("port") ?? "4242",
    host: pick("host") ?? "127.0.0.1",
    seed: pick("seed"),
    fixtures: pick("fixtures") ?? null,
    clockStart: pick("clock-start"),
    tick: pick("tick"),
    journalLimit: pick("journal-limit") ?? "10000",
    journalBytes: pick("journal-bytes") ?? String(DEFAULT_LIMITS.journalBytes),
    replayLogLimit: pick("replay-log-limit") ?? String(DEFAULT_LIMITS.replayLogEntries),
    replayLogBytes: pick("replay-log-bytes") ?? String(DEFAULT_LIMITS.replayLogBytes),
    refusedKeep: pick("refused-keep") ?? String(DEFAULT_LIMITS.refusedKeep),
    streamBuffer: pick("stream-buffer") ?? String(DEFAULT_LIMITS.streamBuffer),
    control: !bools["no-control"],
    scenarios: values.scenario ?? (scenariosEnv ? scenariosEnv.split(",").map((s) => s.trim()).filter(Boolean) : []),
    builtin: !bools["no-builtin"],
    realtime: bools.realtime === true,
    log: pick("log") ?? "off",
    replay: pick("replay") ?? null,
    allowedHosts: allowedHosts(values["allowed-hosts"], env.PAYDOUBLE_ALLOWED_HOSTS, source),
  }, WORDS_ONCE);
  if (!result.success) {
    const issue = result.error.issues[0];
    const flag = String(issue.path[0]).replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`) as Flag;
    const from = source.get(flag);
    const name = from && !from.startsWith("--") ? from : `--${flag}`;
    return { kind: "error", message: `${name}: ${issue.message}` };
  }
  return { kind: "serve", config: result.data };
}

/** `--allowed-hosts a,b --allowed-hosts c` or `PAYDOUBLE_ALLOWED_HOSTS=a,b`: one list of names. */
function allowedHosts(flags: string[] | undefined, fromEnv: string | undefined, source: Map<Flag, string>): string[] {
  const given = flags ?? (fromEnv ? [fromEnv] : []);
  if (!flags && fromEnv) source.set("allowed-hosts", "PAYDOUBLE_ALLOWED_HOSTS");
  return given.flatMap((v) => v.split(",")).map((s) => s.trim()).filter(Boolean);
}
