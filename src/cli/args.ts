import { parseArgs } from "node:util";
import { configSchema, SCENARIOS_ENV, SETTINGS, type Config } from "../config.js";

export type ParsedCommand =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "serve"; config: Config }
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
        log: { type: "string" },
        replay: { type: "string" },
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
    seed: pick("seed") ?? "paydouble",
    fixtures: pick("fixtures") ?? null,
    clockStart: pick("clock-start") ?? "2026-03-02T15:00:00.000Z",
    tick: pick("tick") ?? "PT0.001S",
    journalLimit: pick("journal-limit") ?? "10000",
    control: !(values["no-control"] === true || env.PAYDOUBLE_NO_CONTROL === "true"),
    log: pick("log") ?? "off",
    replay: pick("replay") ?? null,
    scenarioFiles: (env[SCENARIOS_ENV] ?? "").split(",").map((f) => f.trim()).filter(Boolean),
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue.path[0]).replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);
    return { kind: "error", message: `invalid --${key}: ${issue.message}` };
  }
  return { kind: "serve", config: result.data };
}
