import type { CtlCommand } from "./commands.js";
import { advanced, type Fired } from "./format.js";
import { arg, flag, print, sub } from "./output.js";

type Transaction = { id: string; batch_id?: string | null; return_code?: string | null; settlement_issue?: string | null };

const enc = encodeURIComponent;

/**
 * `paydouble ctl trigger ...`: the control API's test helpers (in the spirit of `stripe trigger`),
 * to make a payment's later life happen now from a shell.
 */
export const trigger: CtlCommand = {
  usage: [
    "trigger ach-return TRANSACTION [--code R01] [--reason TEXT] [--in P2D]   POST /_mock/transactions/ID/ach-return",
    "trigger remove-from-batch TRANSACTION    POST /_mock/transactions/ID/remove-from-batch (at its batch's close)",
    "trigger settle BATCH                     POST /_mock/batches/ID/settle (a closed batch, now)",
    "trigger close-batches                    moves the clock to the last pending batch close: every open batch closes",
  ],
  flags: { code: { type: "string" }, reason: { type: "string" }, in: { type: "string" } },
  run: async (ctx) => {
    const which = sub(ctx, "trigger", ["ach-return", "remove-from-batch", "settle", "close-batches"]);
    if (which === "close-batches") {
      const clock = (await ctx.api.call("GET", "/clock")) as { now: string; pending: Fired[] };
      const to = clock.pending.filter((e) => e.event === "batch_auto_close").at(-1)?.at;
      if (to === undefined) return print(ctx, { now: clock.now, fired: [] as Fired[] }, (a) => `no open batch to close; now ${a.now}`);
      return print(ctx, (await ctx.api.call("POST", "/clock/advance", { to })) as { now: string; fired: Fired[] }, advanced);
    }
    const id = enc(arg(ctx, 1, which === "settle" ? "BATCH" : "TRANSACTION", `trigger ${which}`));
    if (which === "settle") return print(ctx, (await ctx.api.call("POST", `/batches/${id}/settle`)) as { id: string }, (b) => `${b.id} settled`);
    if (which === "remove-from-batch") {
      return print(ctx, (await ctx.api.call("POST", `/transactions/${id}/remove-from-batch`)) as Transaction, (t) => `${t.id} will be REMOVED_FROM_BATCH when ${t.batch_id ?? "its batch"} closes`);
    }
    const body = Object.fromEntries(Object.entries({ code: flag(ctx, "code"), reason: flag(ctx, "reason"), in: flag(ctx, "in") }).filter(([, v]) => v !== undefined));
    const answer = (await ctx.api.call("POST", `/transactions/${id}/ach-return`, body)) as Transaction | { scheduled: Fired };
    print(ctx, answer, (a) => ("scheduled" in a ? `${a.scheduled.event} of ${a.scheduled.subject} scheduled at ${a.scheduled.at}` : `${a.id} returned ${a.return_code ?? "(no code)"}`));
  },
};
