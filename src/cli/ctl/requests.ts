import type { CtlCommand, CtlContext } from "./commands.js";
import { explainAnswer, explainEntry, requestList, requestWhole, type Entry } from "./format.js";
import { UsageError } from "./http.js";
import { arg, flag, print, sub } from "./output.js";

/** Each filter of `GET /_mock/requests`, as a flag. */
const FILTERS = [
  ["operation", "operation"],
  ["status", "status"],
  ["client", "client_id"],
  ["error-code", "error_code"],
  ["rule", "rule"],
  ["quirk", "quirk"],
  ["limit", "limit"],
] as const;

function filterQuery(ctx: CtlContext, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [name, param] of FILTERS) {
    const v = flag(ctx, name);
    if (v !== undefined) q.set(param, v);
  }
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** A journal `seq` as typed (the server checks it too; this catches `requests get last`). */
function seqOf(ctx: CtlContext, form: string): string {
  const seq = arg(ctx, 1, "SEQ", form);
  if (!/^[1-9]\d*$/.test(seq)) throw new UsageError(`${form}: SEQ must be a journal entry's number (the # of requests list), got ${seq}`);
  return seq;
}

export const requests: CtlCommand = {
  usage: [
    "requests [list] [--operation OP] [--status N] [--client ID] [--error-code CODE] [--rule R] [--quirk Q] [--limit N]",
    "                                         GET /_mock/requests",
    "requests count [same filters]            the number of matching journal entries",
    "requests get SEQ                         GET /_mock/requests/SEQ (one entry whole)",
    "requests clear                           DELETE /_mock/requests",
  ],
  flags: Object.fromEntries(FILTERS.map(([name]) => [name, { type: "string" }])),
  run: async (ctx) => {
    const which = sub(ctx, "requests", ["list", "count", "get", "clear"], "list");
    if (which === "clear") return print(ctx, await ctx.api.call("DELETE", "/requests"), () => "journal cleared");
    if (which === "count") return print(ctx, String(((await ctx.api.call("GET", `/requests${filterQuery(ctx, { count: "true" })}`)) as { count: number }).count));
    if (which === "get") return print(ctx, (await ctx.api.call("GET", `/requests/${seqOf(ctx, "requests get")}`)) as Entry, requestWhole);
    print(ctx, (await ctx.api.call("GET", `/requests${filterQuery(ctx)}`)) as { data: Entry[]; count: number }, requestList);
  },
};

/** `K=V` pairs of a repeatable flag, as a record. */
function pairs(ctx: CtlContext, name: string): Record<string, string> | undefined {
  const given = ctx.flags[name] as string[] | undefined;
  if (!given?.length) return undefined;
  return Object.fromEntries(
    given.map((p) => {
      const at = p.indexOf("=");
      if (at < 1) throw new UsageError(`--${name} ${p}: expected NAME=VALUE`);
      return [p.slice(0, at), p.slice(at + 1)];
    }),
  );
}

export const explain: CtlCommand = {
  usage: [
    "explain SEQ                              why journal entry SEQ got its answer: the rule or the gateway,",
    "                                         the error and its fields, the rules that nearly matched",
    "explain OPERATION [--body JSON] [--client ID] [--query K=V]... [--param K=V]... [--header K=V]...",
    "                                         POST /_mock/scenarios/explain: which rule such a request would meet now",
  ],
  flags: { body: { type: "string" }, client: { type: "string" }, query: { type: "string", multiple: true }, param: { type: "string", multiple: true }, header: { type: "string", multiple: true } },
  run: async (ctx) => {
    const what = arg(ctx, 0, "SEQ or OPERATION", "explain");
    if (/^\d+$/.test(what)) {
      const entry = (await ctx.api.call("GET", `/requests/${seqOf({ ...ctx, args: ["", what] }, "explain")}`)) as Entry;
      return print(ctx, entry, explainEntry);
    }
    let body: unknown;
    const text = flag(ctx, "body");
    if (text !== undefined) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new UsageError(`--body: not JSON: ${text.slice(0, 40)}`);
      }
    }
    const request = { operation: what, client: flag(ctx, "client"), body, query: pairs(ctx, "query"), params: pairs(ctx, "param"), headers: pairs(ctx, "header") };
    print(ctx, (await ctx.api.call("POST", "/scenarios/explain", request)) as Parameters<typeof explainAnswer>[0], explainAnswer);
  },
};
