import { existsSync, readFileSync } from "node:fs";
import type { Writable } from "node:stream";
import { UsageError, type ControlClient } from "./http.js";
import { wait } from "./wait.js";

/** What a command gets: its words after the command name, its flags, the client and stdout. */
export interface CtlContext {
  args: string[];
  flags: Record<string, string | boolean | string[] | undefined>;
  api: ControlClient;
  out: Writable;
}

export interface CtlCommand {
  /** One usage line per form, for `paydouble ctl --help`. */
  usage: string[];
  /** The flags this command takes (besides --url and --help); all are strings but `next`. */
  flags: Record<string, { type: "string" | "boolean"; multiple?: boolean }>;
  run(ctx: CtlContext): Promise<void>;
}

function print(ctx: CtlContext, value: unknown): void {
  ctx.out.write(typeof value === "string" ? value + "\n" : JSON.stringify(value, null, 2) + "\n");
}

/** The sub-command (`list` when none and `list` is allowed); usage error for anything else. */
function sub(ctx: CtlContext, command: string, allowed: string[], fallback?: string): string {
  const word = ctx.args[0] ?? fallback;
  if (!word || !allowed.includes(word)) throw new UsageError(`${command} ${word ?? ""}: expected one of ${allowed.join(", ")}`.replace(/ :/, ":"));
  return word;
}

/** The n-th word after the sub-command, or a usage error naming what is missing. */
function arg(ctx: CtlContext, n: number, what: string, form: string): string {
  const v = ctx.args[n];
  if (v === undefined) throw new UsageError(`${form}: missing ${what}`);
  return v;
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** A scenario file's body and content type: JSON for `.json`, YAML otherwise. */
const scenarioBody = (file: string): [string, string] => [readText(file), file.endsWith(".json") ? "application/json" : "application/yaml"];

const filterQuery = (flags: CtlContext["flags"], extra: Record<string, string> = {}) => {
  const q = new URLSearchParams();
  for (const [flag, param] of [["operation", "operation"], ["status", "status"], ["client", "client_id"], ["limit", "limit"]] as const) {
    if (typeof flags[flag] === "string") q.set(param, flags[flag] as string);
  }
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
};

const enc = encodeURIComponent;

/** Every `paydouble ctl` command: each maps to documented `/_mock` routes and nothing else. */
export const COMMANDS: Record<string, CtlCommand> = {
  health: {
    usage: ["health                                   GET /_mock/health"],
    flags: {},
    run: async (ctx) => print(ctx, await ctx.api.call("GET", "/health")),
  },
  wait,
  reset: {
    usage: ["reset [--seed SEED]                      POST /_mock/reset (a fresh world, optionally another seed)"],
    flags: { seed: { type: "string" } },
    run: async (ctx) => print(ctx, await ctx.api.call("POST", "/reset", typeof ctx.flags.seed === "string" ? { seed: ctx.flags.seed } : {})),
  },
  clock: {
    usage: [
      "clock                                    GET /_mock/clock (now, tick, pending events)",
      "clock now                                the simulated instant alone",
      "clock advance --by P1D | --to INSTANT | --next   POST /_mock/clock/advance",
    ],
    flags: { by: { type: "string" }, to: { type: "string" }, next: { type: "boolean" } },
    run: async (ctx) => {
      const which = sub(ctx, "clock", ["show", "now", "advance"], "show");
      if (which === "show") return void print(ctx, await ctx.api.call("GET", "/clock"));
      if (which === "now") return void print(ctx, ((await ctx.api.call("GET", "/clock")) as { now: string }).now);
      const given = (["by", "to", "next"] as const).filter((f) => ctx.flags[f] !== undefined);
      if (given.length !== 1) throw new UsageError("clock advance: give exactly one of --by DURATION, --to INSTANT, --next");
      const body = given[0] === "next" ? { until: "next_event" } : { [given[0]]: ctx.flags[given[0]] };
      print(ctx, await ctx.api.call("POST", "/clock/advance", body));
    },
  },
  scenarios: {
    usage: [
      "scenarios [list]                         GET /_mock/scenarios",
      "scenarios load FILE                      POST /_mock/scenarios (YAML, or JSON for .json)",
      "scenarios unload NAME                    DELETE /_mock/scenarios/NAME",
      "scenarios replace NAME FILE              PUT /_mock/scenarios/NAME",
      "scenarios enable NAME | disable NAME     POST /_mock/scenarios/NAME/enable|disable",
      "scenarios reset                          DELETE /_mock/scenarios (back to the start set)",
    ],
    flags: {},
    run: async (ctx) => {
      const which = sub(ctx, "scenarios", ["list", "load", "unload", "replace", "enable", "disable", "reset"], "list");
      const form = `scenarios ${which}`;
      if (which === "list") return void print(ctx, await ctx.api.call("GET", "/scenarios"));
      if (which === "reset") return void print(ctx, await ctx.api.call("DELETE", "/scenarios"));
      if (which === "load") return void print(ctx, await ctx.api.call("POST", "/scenarios", ...scenarioBody(arg(ctx, 1, "FILE", form))));
      const name = enc(arg(ctx, 1, "NAME", form));
      if (which === "unload") return void print(ctx, await ctx.api.call("DELETE", `/scenarios/${name}`));
      if (which === "replace") return void print(ctx, await ctx.api.call("PUT", `/scenarios/${name}`, ...scenarioBody(arg(ctx, 2, "FILE", form))));
      print(ctx, await ctx.api.call("POST", `/scenarios/${name}/${which}`));
    },
  },
  requests: {
    usage: [
      "requests [list] [--operation OP] [--status N] [--client ID] [--limit N]   GET /_mock/requests",
      "requests count [same filters]            the number of matching journal entries",
      "requests clear                           DELETE /_mock/requests",
    ],
    flags: { operation: { type: "string" }, status: { type: "string" }, client: { type: "string" }, limit: { type: "string" } },
    run: async (ctx) => {
      const which = sub(ctx, "requests", ["list", "count", "clear"], "list");
      if (which === "clear") return void print(ctx, await ctx.api.call("DELETE", "/requests"));
      if (which === "count") return void print(ctx, String(((await ctx.api.call("GET", `/requests${filterQuery(ctx.flags, { count: "true" })}`)) as { count: number }).count));
      print(ctx, await ctx.api.call("GET", `/requests${filterQuery(ctx.flags)}`));
    },
  },
  export: {
    usage: ["export [--out FILE]                      GET /_mock/journal/export, streamed (replay it: paydouble --replay FILE)"],
    flags: { out: { type: "string" } },
    run: async (ctx) => ctx.api.stream("/journal/export", ctx.out, typeof ctx.flags.out === "string" ? ctx.flags.out : undefined),
  },
  sandboxes: {
    usage: [
      "sandboxes [list]                         GET /_mock/sandboxes",
      "sandboxes create [--seed S] [--scenario FILE|NAME]...   POST /_mock/sandboxes",
      "sandboxes delete ID                      DELETE /_mock/sandboxes/ID",
    ],
    flags: { seed: { type: "string" }, scenario: { type: "string", multiple: true } },
    run: async (ctx) => {
      const which = sub(ctx, "sandboxes", ["list", "create", "delete"], "list");
      if (which === "list") return void print(ctx, await ctx.api.call("GET", "/sandboxes"));
      if (which === "delete") return void print(ctx, await ctx.api.call("DELETE", `/sandboxes/${enc(arg(ctx, 1, "ID", "sandboxes delete"))}`));
      // A path that exists is sent as the file's text; anything else as a shipped scenario's name.
      const scenarios = ((ctx.flags.scenario as string[] | undefined) ?? []).map((s) => (existsSync(s) ? readText(s) : s));
      const body = { ...(typeof ctx.flags.seed === "string" ? { seed: ctx.flags.seed } : {}), ...(scenarios.length ? { scenarios } : {}) };
      print(ctx, await ctx.api.call("POST", "/sandboxes", body));
    },
  },
};
