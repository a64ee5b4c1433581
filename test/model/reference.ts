/**
 * A small reference model of the spec's payment rules, written from the spec and the docs (not
 * from `src/`: it does not import the TRANSITIONS table). It keeps facts per transaction (approved,
 * voided, captured, settled, removed, refunded so far) and derives what each move may do from them,
 * where the double keeps one status per transaction and a table. Two formulations of one rule set:
 * where they disagree, one of them is wrong.
 */
export type Processor = "card" | "ach";

export interface MTx {
  /** Known once a response (or, after a 502, the reconciling list) shows it. */
  id: string | null;
  type: "SALE" | "AUTH" | "PAYOUT" | "CAPTURE" | "CANCEL" | "REFUND";
  processor: Processor;
  result: "APPROVED" | "DECLINED" | "ERROR";
  code: string;
  amount: number;
  tip: number;
  ref: MTx | null;
  batch: MBatch | null;
  voided: boolean;
  /** AUTH: a capture was approved. */
  captured: boolean;
  settled: boolean;
  removed: boolean;
  /** How much of a settled debit has been refunded (approved REFUNDs). */
  refunded: number;
  /** Marked to leave its batch at the next close (scenario `remove_from_batch`). */
  removeMark: boolean;
  /** An ACH return a scenario scheduled after settlement. */
  returnPlan: { code?: string; reason?: string; after: "settlement" | "batch_close" | "now" } | null;
  returned: { at: string; code?: string; reason?: string } | null;
  /** The built-in magic value of the PAN or account a payment was sent with (commands.ts names). */
  magic: string | null;
  /**
   * The card type a read shows: CREDIT only for a documented test card that met the built-in rule
   * (a rule loaded in front wins and reveals none), UNKNOWN otherwise; derived records inherit it.
   */
  cardType: "CREDIT" | "UNKNOWN";
  /** `payment_method.payment_token`: null (ACH, declined), the token paid with, or the one an approved card payment stored (undefined until read). */
  token: string | null | undefined;
}

export interface MBatch {
  id: string | null;
  processor: Processor;
  status: "open" | "closed" | "settled";
  openedAt: number;
  members: MTx[];
}

export type MoveOp = "createTransaction" | "captureTransaction" | "cancelTransaction";

/** A loaded scenario rule, as far as the model needs it. */
export interface MRule {
  ops: readonly MoveOp[];
  achOnly: boolean;
  left: number;
  then:
    | { kind: "decline" }
    | { kind: "created502" }
    | { kind: "fail500" }
    | { kind: "remove" }
    | { kind: "achReturn"; code: string | null; after: "settlement" | "batch_close" | "now" }
    | { kind: "approve" };
}

/**
 * Whether a payment by token meets the magic values of the card behind the token. False on this
 * branch's base (the rules match the PAN in the body only); main after 9f85448 decided true
 * (docs/reference/decisions.md "Token payments and magic values": matched on the vaulted instrument).
 */
export const TOKEN_PAYMENTS_MATCH_MAGIC = true;

/** What the processor does with a create, decided by the rules in front, then the magic values. */
export interface Decision {
  status: 200 | 500 | 502;
  result: "APPROVED" | "DECLINED" | "ERROR";
  code: string;
  removeMark: boolean;
  returnPlan: MTx["returnPlan"];
  cardType: MTx["cardType"];
}

const DEBITS = new Set(["SALE", "CAPTURE"]);

export class Model {
  txs: MTx[] = [];
  batches: MBatch[] = [];
  /** Newest first, as loaded files go in front. */
  rules: MRule[] = [];
  now: number;
  /** Events fired so far: a read compares with an earlier read only when none fired in between. */
  firedCount = 0;

  constructor(readonly start: number) {
    this.now = start;
  }

  reset(): void {
    this.txs = [];
    this.batches = [];
    this.rules = [];
    this.now = this.start;
  }

  byId(id: string): MTx | undefined {
    return this.txs.find((t) => t.id === id);
  }

  /** The first rule for `op` that applies and has budget left spends one hit. */
  match(op: MoveOp, ach: boolean): MRule | null {
    const rule = this.rules.find((r) => r.ops.includes(op) && r.left > 0 && (!r.achOnly || ach)) ?? null;
    if (rule) rule.left--;
    return rule;
  }

  /**
   * `type` matters for the debit return codes: "R01 is a debit return code", so a PAYOUT to the R01
   * account is approved and never returned (decisions table, issue 12).
   */
  decideCreate(processor: Processor, magic: string, type: MTx["type"] = "SALE"): Decision {
    const approved: Decision = { status: 200, result: "APPROVED", code: "00", removeMark: false, returnPlan: null, cardType: "UNKNOWN" };
    const rule = this.match("createTransaction", processor === "ach");
    if (rule) {
      const t = rule.then;
      if (t.kind === "decline") return { ...approved, result: "DECLINED", code: "05" };
      if (t.kind === "created502") return { ...approved, status: 502 };
      if (t.kind === "fail500") return { ...approved, status: 500 };
      if (t.kind === "remove") return { ...approved, removeMark: true };
      if (t.kind === "approve") return approved;
      return { ...approved, returnPlan: t.code === null ? { after: t.after } : { code: t.code, reason: "Returned by the bank", after: t.after } };
    }
    // The built-in magic values (scenarios/builtin.yaml), by the name the script gave them.
    switch (magic) {
      case "decline":
        return { ...approved, result: "DECLINED", code: "05" };
      case "error":
        return { ...approved, result: "ERROR", code: "96" };
      case "created502":
        return { ...approved, status: 502 };
      case "fail500":
        return { ...approved, status: 500 };
      case "removed":
        return { ...approved, removeMark: true };
      case "r01":
        if (type === "PAYOUT") return approved;
        return { ...approved, returnPlan: { code: "R01", reason: "Insufficient Funds", after: "settlement" } };
      case "nocode":
        return { ...approved, returnPlan: { after: "settlement" } };
      case "approve":
        return { ...approved, cardType: processor === "card" ? "CREDIT" : "UNKNOWN" };
      default:
        return approved;
    }
  }

  newTx(fields: Pick<MTx, "type" | "processor" | "result" | "code" | "amount" | "tip"> & Partial<MTx>): MTx {
    // Derived records keep the original's token; an approved card payment sent with a PAN stores one.
    const token = fields.ref ? fields.ref.token : fields.processor === "ach" || fields.result !== "APPROVED" ? null : undefined;
    const cardType = fields.ref ? fields.ref.cardType : "UNKNOWN";
    const t: MTx = { id: null, ref: null, batch: null, voided: false, captured: false, settled: false, removed: false, refunded: 0, removeMark: false, returnPlan: null, returned: null, token, magic: null, cardType, ...fields };
    this.txs.push(t);
    // An approved SALE, CAPTURE, PAYOUT or REFUND joins its processor's open batch (opened on demand).
    if (t.result === "APPROVED" && t.type !== "AUTH" && t.type !== "CANCEL") {
      let b = this.batches.find((x) => x.processor === t.processor && x.status === "open");
      if (!b) {
        b = { id: null, processor: t.processor, status: "open", openedAt: this.now, members: [] };
        this.batches.push(b);
      }
      b.members.push(t);
      t.batch = b;
    }
    return t;
  }

  // The moves the spec shows, as predicates over the facts.
  canCapture(t: MTx): boolean {
    return t.type === "AUTH" && t.result === "APPROVED" && !t.captured && !t.voided;
  }

  /** "cancel (void) before settlement": an uncaptured AUTH, or a payment whose batch is still open. */
  canVoid(t: MTx): boolean {
    // A returned payment went back to the bank already: nothing is left to void.
    if (t.result !== "APPROVED" || t.voided || t.returned) return false;
    if (t.type === "AUTH") return !t.captured;
    return (t.type === "SALE" || t.type === "CAPTURE" || t.type === "PAYOUT") && t.batch?.status === "open";
  }

  /**
   * "refund after settlement", up to what is left. A PAYOUT is a credit already (refused with 400,
   * see `refundRefusal`); a returned payment has nothing left to refund.
   */
  refundable(t: MTx): number {
    if (t.result !== "APPROVED" || !t.settled || t.returned) return 0;
    if (t.type !== "SALE" && t.type !== "CAPTURE") return 0;
    return t.amount - t.refunded;
  }

  /** The status a refund the model forbids answers: 400 INVALID_ACTION for a PAYOUT, else 409. */
  refundRefusal(t: MTx): 400 | 409 {
    return t.type === "PAYOUT" ? 400 : 409;
  }

  close(b: MBatch): void {
    b.status = "closed";
    for (const t of b.members) if (t.removeMark && !t.voided && t.type !== "REFUND") t.removed = true;
  }

  settle(b: MBatch): void {
    b.status = "settled";
    // "Returned and never settled": a member the bank sent back before this moment stays unsettled.
    for (const t of b.members) if (!t.voided && !t.removed && !t.returned) t.settled = true;
  }

  /** The batch columns as docs/reference/decisions.md defines them, from the members' facts. */
  sums(b: MBatch) {
    const s = { approved_amount: 0, captured_amount: 0, refund_amount: 0, void_amount: 0, net_amount: 0, batch_net_amount: 0 };
    for (const t of b.members) {
      // Removed, or returned before it settled: it will not settle, so it adds nothing.
      if (t.removed || (t.returned && !t.settled)) continue;
      const debit = DEBITS.has(t.type);
      if (debit) s.approved_amount += t.amount;
      if (t.voided) s.void_amount += t.amount;
      else if (debit) s.captured_amount += t.amount;
      else s.refund_amount += t.amount;
    }
    s.net_amount = s.batch_net_amount = s.captured_amount - s.refund_amount;
    return s;
  }

  /** A scheduled event fired in the double: what it must do here. Returns a problem, or null. */
  fire(e: { at: string; event: string; subject: string }): string | null {
    this.now = Math.max(this.now, Date.parse(e.at));
    this.firedCount++;
    if (e.event === "batch_auto_close" || e.event === "batch_settle") {
      const b = this.batches.find((x) => x.id === e.subject);
      if (!b) return `${e.event} for a batch the model does not know: ${e.subject}`;
      if (e.event === "batch_auto_close") {
        if (!isNy2200(e.at)) return `batch ${b.id} auto-closed at ${e.at}, not at 22:00 New York time`;
        if (b.status === "open") this.close(b);
      } else if (b.status === "closed") this.settle(b);
      return null;
    }
    if (e.event === "ach_return") {
      const t = this.byId(e.subject);
      if (!t) return `ach_return for an unknown transaction ${e.subject}`;
      if (!t.returnPlan) return `ach_return for ${e.subject}, which no scenario asked to return`;
      const { after, ...fields } = t.returnPlan;
      if (after === "settlement" && !t.settled) return `ach_return for ${e.subject} before it settled (its rule says after settlement)`;
      if (after === "batch_close" && t.batch?.status === "open") return `ach_return for ${e.subject} before its batch closed`;
      if (t.processor !== "ach") return `ach_return for a card transaction ${e.subject}`;
      // docs/reference/decisions.md: "is_returned can go with any status" (a voided or removed payment too).
      if (!t.returned) t.returned = { at: e.at, ...fields };
      return null;
    }
    // A scenario timeline (PRODUCT.md `- { at: P1D, do: close_batches }`): every open batch closes.
    if (e.event === "timeline") {
      if (e.subject === "close_batches") for (const b of this.batches.filter((x) => x.status === "open")) this.close(b);
      return null;
    }
    // Card tokens made by payments expire with the card (years ahead): not part of this model.
    if (e.event === "payment_token_expire") return null;
    return `unexpected event ${e.event}`;
  }
}

const NY = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

/** Whether an instant is 22:00:00.000 on a New York wall clock (the fixture's settlement_time). */
export function isNy2200(iso: string): boolean {
  return iso.endsWith(":00.000Z") && NY.format(new Date(iso)) === "22:00:00";
}

/** The first 22:00 New York after `after` (ms): the auto-close instant of a batch opened then. */
export function nextNy2200(after: number): number {
  const day = 86_400_000;
  const base = Math.floor(after / day) * day;
  let best = Infinity;
  for (let d = -1; d <= 2; d++) {
    for (const offsetHours of [1, 2, 3, 4]) {
      // 22:00 local = 02:00 or 03:00 UTC the next day (EDT / EST); try the candidates around it.
      const at = base + d * day + offsetHours * 3_600_000;
      if (at > after && at < best && isNy2200(new Date(at).toISOString())) best = at;
    }
  }
  return best;
}
