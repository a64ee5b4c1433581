import { parseArgs } from "node:util";
import { configSchema, SETTINGS, type Config } from "../config.js";

export type ParsedCommand =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "serve"; config: Config }
  | { kind: "check"; files: string[]; strict: boolean }
  | { kind: "schema"; of: "scenario" | "fixtures" }
  | { kind: "replay"; file: string }
  | { kind: "error"; message: string };

/** argv (after `node main.js`) and environment -> what to do. Flags win over environment. */
export function parseCommand(argv: string[], env: Record<string, string | undefined>): ParsedCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        seed: { type: "string" },
        fixtures: { type: "string" },
        "clock-start": { type: "string" },
        tick: { type: "string" },
        "journal-limit": { type: "string" },
        "no-control": { type: "boolean" },
        scenario: { type: "string", multiple: true },
        "no-builtin": { type: "boolean" },
        realtime: { type: "boolean" },
        log: { type: "string" },
        replay: { type: "string" },
        strict: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (e) {
    return { kind: "error", message: (e as Error).message.split("\n")[0] };
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
    return { kind: "error", message: `unknown command: ${positionals.join(" ")}` };
  }
  const pick = (flag: (typeof SETTINGS)[number]["flag"]): string | undefined => {
    const setting = SETTINGS.find((s) => s.flag === flag)!;
    const v = (values as Record<string, string | boolean | undefined>)[flag];
    return typeof v === "string" ? v : env[setting.env];
  };
  const result = configSchema.safeParse({
    port: pick("port") ?? "4242",
    host: pick("host") ?? "127.0.0.1",
    seed: pick("seed"),
    fixtures: pick("fixtures") ?? null,
    clockStart: pick("clock-start"),
    tick: pick("tick"),
    journalLimit: pick("journal-limit") ?? "10000",
    control: !(values["no-control"] === true || env.PAYDOUBLE_NO_CONTROL === "true"),
    scenarios: values.scenario ?? (env.PAYDOUBLE_SCENARIOS ? env.PAYDOUBLE_SCENARIOS.split(",").filter(Boolean) : []),
    builtin: !(values["no-builtin"] === true || env.PAYDOUBLE_NO_BUILTIN === "true"),
    realtime: values.realtime === true || env.PAYDOUBLE_REALTIME === "true",
    log: pick("log") ?? "off",
    replay: pick("replay") ?? null,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue.path[0]).replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);
    return { kind: "error", message: `invalid --${key}: ${issue.message}` };
  }
  return { kind: "serve", config: result.data };
}
