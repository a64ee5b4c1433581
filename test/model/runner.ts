import { MERCHANT } from "../helpers.js";
import { Broken, checkInvariants, compareTx } from "./check.js";
import { createBody, scenarioYaml, type Aim, type Cmd } from "./commands.js";
import type { Answer, Driver } from "./driver.js";
import { Model, nextNy2200, TOKEN_PAYMENTS_MATCH_MAGIC, type MoveOp, type MRule, type MTx } from "./reference.js";

const DURATION_MS: Record<string, number> = { PT1H: 3_600_000, PT6H: 21_600_000, P1D: 86_400_000, P3D: 259_200_000 };

/** What a loaded scenario file means to the model (see `scenarioYaml`). */
function ruleOf(c: Extract<Cmd, { k: "scenario" }>): MRule | null {
  const create = ["createTransaction"] as const;
  const moves = ["captureTransaction", "cancelTransaction"] as const;
  const rule = (ops: MRule["ops"], then: MRule["then"], achOnly = false): MRule => ({ ops, achOnly, left: c.times, then });
  switch (c.rule) {
    case "achReturn":
      return rule(create, { kind: "achReturn", code: c.code, after: "settlement" }, true);
    case "achReturnAtClose":
      return rule(create, { kind: "achReturn", code: c.code, after: "batch_close" }, true);
    case "achReturnSoon":
      return rule(create, { kind: "achReturn", code: c.code, after: "now" }, true);
    case "captureDecline":
      return rule(["captureTransaction"], { kind: "decline" });
    case "cancelDecline":
      return rule(["cancelTransaction"], { kind: "decline" });
    case "move502":
      return rule(moves, { kind: "created502" });
    case "move500":
      return rule(moves, { kind: "fail500" });
    case "settleLater":
      return rule(create, { kind: "approve" });
    case "timelineClose":
      return null;
    case "chanceDecline":
      throw new Error("chance rules are not modelled");
    default:
      return rule(create, { kind: c.rule });
  }
}

/**
 * Runs commands against the double and the model side by side. Each move's status (200, 400, 409,
 * 500, 502) is predicted by the model before it is compared; after each step the invariants are
 * read back. Scheduled events (auto-close, settlement, ACH returns) fire when the double's clock
 * passes them: the model learns *when* from `GET /_mock/clock` and the `fired` lists, and decides
 * *what* they do itself (and that auto-closes happen at 22:00 New York).
 */
export class ModelRun {
  readonly model: Model;
  /** The double's pending events as last read, soonest first. */
  pending: { at: string; event: string; subject: string }[] = [];
  /** Every scenario file loaded (for the failure report), in order. */
  readonly loaded: string[] = [];
  private names = 0;
  private autoCloseChecked = new Set<string>();
  /** What the scripts exercised: `create 200`, `capture 409`, `event ach_return`, ... */
  readonly stats = new Map<string, number>();

  count(key: string): void {
    this.stats.set(key, (this.stats.get(key) ?? 0) + 1);
  }

  constructor(
    readonly d: Driver,
    start: number,
  ) {
    this.model = new Model(start);
    d.beforeGateway = () => this.tick();
  }

  /** The status the model predicts, counted by kind of move (`capture 409`). */
  private expect(what: string, r: Answer, want: number): void {
    this.count(`${what.split(" ")[0]} ${want}`);
    if (r.status !== want) throw new Broken(`${what}: answered ${r.status}, the model says ${want}: ${r.text}`);
  }

  /** A `/v1` request moves the clock one tick; what falls due fires first. */
  private tick(): void {
    this.model.now += 1;
    while (this.pending.length > 0 && Date.parse(this.pending[0].at) <= this.model.now) this.fired(this.pending.shift()!);
  }

  private fired(e: { at: string; event: string; subject: string }): void {
    this.count(`event ${e.event}`);
    const problem = this.model.fire(e);
    if (problem) throw new Broken(problem);
  }

  /** The target of a move, among the transactions `aim` names (see `Aim`). */
  private pick(n: number, aim: Aim, types: readonly string[], likely: (t: MTx) => boolean): MTx | null {
    const known = this.model.txs.filter((t) => t.id !== null);
    const fit = known.filter((t) => types.includes(t.type));
    const good = fit.filter(likely);
    const from = aim === "any" || fit.length === 0 ? known : aim === "likely" && good.length > 0 ? good : fit;
    return from.length === 0 ? null : from[n % from.length];
  }

  /** A request the schema rejects: 400, and nothing changes (no scenario budget is spent either). */
  private rejected(what: string, r: Answer): MTx[] {
    this.expect(what, r, 400);
    return [];
  }

  /**
   * A transaction the request created: its id from the answer (compared with the model), or after
   * a 502 from reconciling as the spec says (the newest row of the list is it).
   */
  private async learn(t: MTx, r: Answer): Promise<void> {
    if (r.status !== 502) {
      t.id = r.body.id;
      return compareTx(this.model, t, r.body);
    }
    const rows = await this.d.allTransactions();
    const newest = rows.at(-1);
    if (!newest || this.model.byId(newest.id) || rows.length !== this.model.txs.length) {
      throw new Broken(`after a 502 that created a ${t.type}, the list shows ${rows.length} rows for the ${this.model.txs.length} created`);
    }
    t.id = newest.id;
  }

  /**
   * A move that passed the schema: the first scenario rule for its operation spends a hit; a `fail`
   * without `created` answers instead of the handler (500); an illegal move is 409 and, refused by
   * the handler, gives the hit back (issue 13: a rejected request never spends a budget); otherwise
   * `apply` makes the record (declined when the rule says so), and a `fail` with `created` answers
   * 502 after it.
   */
  private async move(what: string, r: Answer, op: MoveOp, of: MTx, legal: boolean, apply: (declined: boolean) => MTx, refusal: 400 | 409 = 409): Promise<MTx[]> {
    const rule = this.model.match(op, of.processor === "ach");
    const kind = rule?.then.kind;
    if (kind === "fail500") {
      this.expect(what, r, 500);
      return [];
    }
    this.expect(what, r, !legal ? refusal : kind === "created502" ? 502 : 200);
    if (!legal) {
      if (rule) rule.left++;
      return [];
    }
    const rec = apply(kind === "decline");
    await this.learn(rec, r);
    return [of, rec];
  }

  /** `POST /_mock/clock/advance`: the fired events act on the model; the clock lands on `target`. */
  private async advance(body: Record<string, string>, target: number): Promise<MTx[]> {
    const r = await this.d.post("/_mock/clock/advance", body);
    this.expect("advance", r, 200);
    for (const e of r.body.fired) this.fired(e);
    if (Date.parse(r.body.now) !== target) throw new Broken(`the clock moved to ${r.body.now}, the model expected ${new Date(target).toISOString()}`);
    this.model.now = target;
    return [];
  }

  /** One command; returns the transactions it created or changed (read back by id). */
  async step(c: Cmd): Promise<MTx[]> {
    const m = this.model;
    switch (c.k) {
      case "card":
      case "ach": {
        const processor = c.k === "card" ? "card" : "ach";
        const r = await this.d.post("/v1/transactions", createBody(c));
        const magic = c.k === "card" ? c.pan : c.account;
        const dec = m.decideCreate(processor, magic, c.type);
        this.expect(`create ${c.k} ${c.type}`, r, dec.status);
        if (dec.status === 500) return [];
        const t = m.newTx({ type: c.type, processor, result: dec.result, code: dec.code, amount: c.amount, tip: c.tip, removeMark: dec.removeMark, returnPlan: dec.returnPlan, magic, cardType: dec.cardType });
        await this.learn(t, r);
        return [t];
      }
      case "token": {
        const tokens = [...new Set(m.txs.map((t) => t.token).filter((x): x is string => typeof x === "string"))];
        if (tokens.length === 0) return [];
        const token = tokens[c.pick % tokens.length];
        const r = await this.d.post("/v1/transactions", createBody(c, token));
        // The magic values match the PAN in the body, or (TOKEN_PAYMENTS_MATCH_MAGIC) the vaulted card's.
        const magic = TOKEN_PAYMENTS_MATCH_MAGIC ? (m.txs.find((t) => t.token === token && t.magic !== null)?.magic ?? "approve") : "approve";
        const dec = m.decideCreate("card", magic);
        this.expect(`create token ${c.type}`, r, dec.status);
        if (dec.status === 500) return [];
        const t = m.newTx({ type: c.type, processor: "card", result: dec.result, code: dec.code, amount: c.amount, tip: c.tip, removeMark: dec.removeMark, token, cardType: dec.cardType });
        await this.learn(t, r);
        return [t];
      }
      case "capture": {
        const auth = this.pick(c.pick, c.aim, ["AUTH"], (t) => m.canCapture(t));
        if (!auth) return [];
        const r = await this.d.post(`/v1/transactions/${auth.id}/capture`, c.amount === null ? {} : { amount: c.amount });
        if (c.amount !== null && c.amount < 50) return this.rejected(`capture ${c.amount}`, r);
        const amount = c.amount ?? auth.amount;
        return this.move(`capture ${amount} of ${auth.type} ${auth.id}`, r, "captureTransaction", auth, m.canCapture(auth) && amount <= auth.amount, (declined) => {
          if (!declined) auth.captured = true;
          const result = declined ? "DECLINED" : "APPROVED";
          return m.newTx({ type: "CAPTURE", processor: auth.processor, result, code: declined ? "05" : "00", amount, tip: Math.min(auth.tip, amount), ref: auth, removeMark: auth.removeMark });
        });
      }
      case "void": {
        const t = this.pick(c.pick, c.aim, ["AUTH", "SALE", "CAPTURE", "PAYOUT"], (t) => m.canVoid(t));
        if (!t) return [];
        const r = await this.d.post(`/v1/transactions/${t.id}/cancel`, { type: "VOID" });
        return this.move(`void ${t.type} ${t.id}`, r, "cancelTransaction", t, m.canVoid(t), (declined) => {
          // A declined void leaves a CANCEL record with that result and the original as it was.
          if (!declined) t.voided = true;
          return m.newTx({ type: "CANCEL", processor: t.processor, result: declined ? "DECLINED" : "APPROVED", code: declined ? "05" : "00", amount: t.amount, tip: t.tip, ref: t });
        });
      }
      case "refund": {
        const t = this.pick(c.pick, c.aim, ["SALE", "CAPTURE", "PAYOUT"], (t) => m.refundable(t) > 0);
        if (!t) return [];
        const r = await this.d.post(`/v1/transactions/${t.id}/cancel`, c.amount === null ? { type: "REFUND" } : { type: "REFUND", amount: c.amount });
        if (c.amount !== null && c.amount < 50) return this.rejected(`refund ${c.amount}`, r);
        const left = m.refundable(t);
        const amount = c.amount ?? left;
        return this.move(`refund ${amount} of ${t.type} ${t.id} (${left} left)`, r, "cancelTransaction", t, left > 0 && amount <= left, (declined) => {
          if (!declined) t.refunded += amount;
          return m.newTx({ type: "REFUND", processor: t.processor, result: declined ? "DECLINED" : "APPROVED", code: declined ? "05" : "00", amount, tip: 0, ref: t });
        }, m.refundRefusal(t));
      }
      case "close": {
        const r = await this.d.post("/v1/batches/close", { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "2026-03-02" });
        this.expect("close batches", r, 200);
        const open = (["card", "ach"] as const).map((p) => m.batches.find((b) => b.processor === p && b.status === "open")).filter((b) => b !== undefined);
        const ids = r.body.batches.map((b: any) => b.id);
        if (ids.length !== open.length || open.some((b, i) => b.id !== ids[i])) throw new Broken(`close answered batches ${ids}, the model had open ${open.map((b) => b.id)}`);
        for (const b of open) m.close(b);
        return [];
      }
      case "advance": {
        // Card tokens expire with the card (2099): out of this model's scope, so never jump there.
        const next = this.pending[0]?.event === "payment_token_expire" ? undefined : this.pending[0];
        if (c.by !== null && c.by !== "edge") {
          return this.advance({ by: c.by }, m.now + DURATION_MS[c.by]);
        }
        if (!next) return [];
        // "edge": the next `/v1` request's tick fires the event, inside that request.
        if (c.by === "edge") {
          const to = Math.max(m.now, Date.parse(next.at) - 1);
          return this.advance({ to: new Date(to).toISOString() }, to);
        }
        return this.advance({ until: "next_event" }, Math.max(m.now, Date.parse(next.at)));
      }
      case "scenario": {
        const name = `model-${++this.names}`;
        const text = scenarioYaml(c, name);
        this.loaded.push(text);
        const r = await this.d.yaml("/_mock/scenarios", text);
        this.expect(`load scenario ${name}`, r, 201);
        const rule = ruleOf(c);
        if (rule) m.rules.unshift(rule);
        return [];
      }
      case "reset": {
        const r = await this.d.post("/_mock/reset");
        this.expect("reset", r, 200);
        m.reset();
        this.autoCloseChecked.clear();
        return [];
      }
    }
  }

  /** Reads the double's clock: the model's time must agree; new batches close at the next 22:00 New York. */
  async syncClock(): Promise<void> {
    const r = await this.d.get("/_mock/clock");
    if (Date.parse(r.body.now) !== this.model.now) throw new Broken(`the double's clock says ${r.body.now}, the model ${new Date(this.model.now).toISOString()}`);
    this.pending = r.body.pending;
    for (const b of this.model.batches) {
      if (b.id === null || b.status !== "open" || this.autoCloseChecked.has(b.id)) continue;
      const e = this.pending.find((p) => p.event === "batch_auto_close" && p.subject === b.id);
      const want = new Date(nextNy2200(b.openedAt)).toISOString();
      if (e?.at !== want) throw new Broken(`batch ${b.id} opened at ${new Date(b.openedAt).toISOString()} auto-closes at ${e?.at}, expected ${want}`);
      this.autoCloseChecked.add(b.id);
    }
  }

  /** A whole script: step, check, sync; `full` checks at the end. */
  async run(script: readonly Cmd[]): Promise<void> {
    await this.syncClock();
    for (const c of script) {
      const touched = await this.step(c);
      await checkInvariants(this.model, this.d, touched, false);
      await this.syncClock();
    }
    await checkInvariants(this.model, this.d, [], true);
  }
}
