import type { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { nearest, parseArgsProblem, unknownFlag } from "../suggest.js";
import { COMMANDS } from "./commands.js";
import { ControlClient, ServerSaidNo, UsageError } from "./http.js";

/** Where `paydouble ctl` looks when neither --url nor PAYDOUBLE_URL is given. */
export const DEFAULT_URL = "http://localhost:4242";

const GLOBAL = { url: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } } as const;

/** `paydouble ctl --help`. */
export function ctlHelp(): string {
  return [
    "Usage: paydouble ctl [--url URL] [--json] COMMAND [ARGS] [FLAGS]",
    "",
    "Drives a running double through its /_mock control API and prints its answers in short lines;",
    "--json prints the control API's JSON as it came (for scripts and jq).",
    `--url (or PAYDOUBLE_URL) is the server root or a sandbox root (.../sandboxes/ID); default ${DEFAULT_URL}.`,
    "Exit codes: 0 done; 1 the double said no (or could not be reached): the envelope is printed on",
    "stderr; 2 usage error.",
    "",
    "Commands:",
    ...Object.values(COMMANDS).flatMap((c) => c.usage.map((u) => `  ${u}`)),
  ].join("\n");
}

/**
 * `paydouble ctl ...`: parses the command line, sends the request(s), prints the answer. Returns
 * the exit code; never throws.
 */
export async function runCtl(argv: string[], env: Record<string, string | undefined>, out: Writable, err: Writable): Promise<number> {
  const usage = (message: string) => (err.write(`paydouble ctl: ${message}; see paydouble ctl --help\n`), 2);
  // The command is the first word that is neither a flag nor the value of --url.
  const name = argv.find((w, i) => !w.startsWith("-") && !(argv[i - 1] === "--url"));
  const command = name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (name !== undefined && !command) {
    const near = nearest(name, Object.keys(COMMANDS));
    return usage(`unknown command ${name}${near ? ` (did you mean ${near}?)` : ""}`);
  }
  const options = { ...GLOBAL, ...(command?.flags ?? {}) };
  const bad = unknownFlag(argv, options, `paydouble ctl --help`);
  if (bad) return (err.write(`paydouble ctl: ${bad}\n`), 2);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    return usage(parseArgsProblem(e));
  }
  const { values, positionals } = parsed;
  if (values.help || !command) {
    if (!values.help) return usage("no command given");
    out.write(ctlHelp() + "\n");
    return 0;
  }
  const base = (values.url ?? env.PAYDOUBLE_URL?.trim() ?? DEFAULT_URL).replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]/.test(base)) return usage(`${values.url !== undefined ? "--url" : "PAYDOUBLE_URL"}: ${base} is not an http(s) URL`);
  try {
    await command.run({ args: positionals.slice(1), flags: values, api: new ControlClient(base), out });
    return 0;
  } catch (e) {
    if (e instanceof UsageError) return usage(e.message);
    if (e instanceof ServerSaidNo) {
      err.write(`paydouble ctl: ${e.request} answered ${e.status || "nothing"}\n${e.body}\n`);
      return 1;
    }
    err.write(`paydouble ctl: ${(e as Error).message}\n`);
    return 1;
  }
}
