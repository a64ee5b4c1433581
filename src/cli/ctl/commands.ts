import { existsSync, readFileSync } from "node:fs";
import type { Writable } from "node:stream";
import { advanced, clockAnswer, loaded, scenarioList } from "./format.js";
import { UsageError, type ControlClient } from "./http.js";
import { arg, print, sub } from "./output.js";
import { explain, requests } from "./requests.js";
import { trigger } from "./trigger.js";
import { libraryScenarioPath } from "../../scenarios/library.js";
import { wait } from "./wait.js";
import { auditCommand, coverageCommand } from "./verdict.js";

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

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** A scenario file's body and content type: JSON for `.json`, YAML otherwise; a shipped scenario's name when no such file exists. */
const scenarioBody = (file: string): [string, string] => {
  const path = existsSync(file) ? file : (libraryScenarioPath(file) ?? file);
  return [readText(path), path.endsWith(".json") ? "application/json" : "application/yaml"];
};

type Health = { status: string; version: string; seed: string; now: string };
type Sandbox = { id: string; base_url: string; seed?: string; now?: string; clients?: { id: string; api_key: string; type: string }[] };

const enc = encodeURIComponent;

/** Every `paydouble ctl` command: each maps to documented `/_mock` routes and nothing else. */
export const COMMANDS: Record<string, CtlCommand> = {
  health: {
    usage: ["health                                   GET /_mock/health"],
    flags: {},
    run: async (ctx) => print(ctx, (await ctx.api.call("GET", "/health")) as Health, (h) => `${h.status}  paydouble ${h.version}  seed=${h.seed}  now=${h.now}`),
  },
  wait,
  reset: {
    usage: ["reset [--seed SEED]                      POST /_mock/reset (a fresh world, optionally another seed)"],
    flags: { seed: { type: "string" } },
    run: async (ctx) =>
      print(ctx, (await ctx.api.call("POST", "/reset", typeof ctx.flags.seed === "string" ? { seed: ctx.flags.seed } : {})) as Health, (r) => `reset  seed=${r.seed}  now=${r.now}`),
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
      if (which === "show") return void print(ctx, (await ctx.api.call("GET", "/clock")) as Parameters<typeof clockAnswer>[0], clockAnswer);
      if (which === "now") return void print(ctx, ((await ctx.api.call("GET", "/clock")) as { now: string }).now);
      const given = (["by", "to", "next"] as const).filter((f) => ctx.flags[f] !== undefined);
      if (given.length !== 1) throw new UsageError("clock advance: give exactly one of --by DURATION, --to INSTANT, --next");
      const body = given[0] === "next" ? { until: "next_event" } : { [given[0]]: ctx.flags[given[0]] };
      print(ctx, (await ctx.api.call("POST", "/clock/advance", body)) as Parameters<typeof advanced>[0], advanced);
    },
  },
  scenarios: {
    usage: [
      "scenarios [list]                         GET /_mock/scenarios (the built-in magic values in one line)",
      "scenarios load FILE|NAME                 POST /_mock/scenarios (YAML, or JSON for .json; NAME: a shipped scenario)",
      "scenarios unload NAME                    DELETE /_mock/scenarios/NAME",
      "scenarios replace NAME FILE              PUT /_mock/scenarios/NAME",
      "scenarios enable NAME | disable NAME     POST /_mock/scenarios/NAME/enable|disable",
      "scenarios reset                          DELETE /_mock/scenarios (back to the start set)",
    ],
    flags: {},
    run: async (ctx) => {
      const which = sub(ctx, "scenarios", ["list", "load", "unload", "replace", "enable", "disable", "reset"], "list");
      const form = `scenarios ${which}`;
      if (which === "list") return void print(ctx, (await ctx.api.call("GET", "/scenarios")) as Parameters<typeof scenarioList>[0], scenarioList);
      if (which === "reset") return void print(ctx, (await ctx.api.call("DELETE", "/scenarios")) as Parameters<typeof scenarioList>[0], scenarioList);
      if (which === "load") return void print(ctx, (await ctx.api.call("POST", "/scenarios", ...scenarioBody(arg(ctx, 1, "FILE", form)))) as Parameters<typeof loaded>[0], loaded);
      const name = enc(arg(ctx, 1, "NAME", form));
      if (which === "unload") return void print(ctx, (await ctx.api.call("DELETE", `/scenarios/${name}`)) as { unloaded: string }, (a) => `unloaded ${a.unloaded}`);
      if (which === "replace") return void print(ctx, (await ctx.api.call("PUT", `/scenarios/${name}`, ...scenarioBody(arg(ctx, 2, "FILE", form)))) as Parameters<typeof loaded>[0], loaded);
      print(ctx, await ctx.api.call("POST", `/scenarios/${name}/${which}`), () => `${which}d ${decodeURIComponent(name)}`);
    },
  },
  requests,
  explain,
  trigger,
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
      if (which === "list") {
        const list = (await ctx.api.call("GET", "/sandboxes")) as { sandboxes: Sandbox[]; limit: number };
        return void print(ctx, list, (l) => [...l.sandboxes.map((b) => `${b.id}  ${b.base_url}  seed=${b.seed}  now=${b.now}`), `${l.sandboxes.length} of at most ${l.limit} sandboxes`].join("\n"));
      }
      if (which === "delete") return void print(ctx, (await ctx.api.call("DELETE", `/sandboxes/${enc(arg(ctx, 1, "ID", "sandboxes delete"))}`)) as { id: string }, (d) => `deleted ${d.id}`);
      // A path that exists is sent as the file's text; anything else as a shipped scenario's name.
      const scenarios = ((ctx.flags.scenario as string[] | undefined) ?? []).map((s) => (existsSync(s) ? readText(s) : s));
      const body = { ...(typeof ctx.flags.seed === "string" ? { seed: ctx.flags.seed } : {}), ...(scenarios.length ? { scenarios } : {}) };
      print(ctx, (await ctx.api.call("POST", "/sandboxes", body)) as Sandbox, (b) => {
        const m = b.clients?.find((c) => c.type === "merchant");
        return [`${b.id}  ${b.base_url}`, ...(m ? [`  merchant  Client-Id: ${m.id}  Api-Key: ${m.api_key}`] : [])].join("\n");
      });
    },
  },
  coverage: coverageCommand,
  audit: auditCommand,
};
