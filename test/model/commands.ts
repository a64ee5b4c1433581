import fc from "fast-check";

/**
 * The operations a random script is made of, as plain records (so fast-check shrinks them: fewer
 * commands, smaller amounts, earlier targets). `pick` chooses a target among the transactions known
 * so far (modulo their count), so a shrunk script stays meaningful.
 */
export type Cmd =
  | { k: "card"; type: "SALE" | "AUTH"; amount: number; tip: number; pan: keyof typeof PANS }
  | { k: "ach"; type: "SALE" | "PAYOUT"; amount: number; tip: number; account: keyof typeof ACCOUNTS }
  /** A card payment with the token an earlier approved card payment stored (`pick` among them). */
  | { k: "token"; type: "SALE" | "AUTH"; amount: number; tip: number; pick: number }
  | { k: "capture"; pick: number; aim: Aim; amount: number | null }
  | { k: "void"; pick: number; aim: Aim }
  | { k: "refund"; pick: number; aim: Aim; amount: number | null }
  | { k: "close" }
  /** `by` a duration; null: `until: next_event`; "edge": `to` one millisecond before the next event. */
  | { k: "advance"; by: string | null }
  | { k: "scenario"; rule: RuleKind; times: number; code: string | null; days: number }
  | { k: "reset" };

/**
 * Which transactions a move picks its target among: `likely` ones the move is probably legal on
 * (the runner's choice of target, never its prediction), any of the move's `type`s, or `any`
 * transaction at all (CANCEL and REFUND records, declined ones: the 409 cases).
 */
export type Aim = "likely" | "type" | "any";
const aim = fc.constantFrom<Aim>("likely", "likely", "type", "any");

/** Built-in magic values (scenarios/builtin.yaml) the model knows the meaning of. */
export const PANS = {
  approve: "4242424242424242",
  decline: "4000000000000002",
  error: "4000000000000119",
  created502: "4000005020000007",
  fail500: "4000005000000001",
  removed: "4000004001000003",
} as const;

export const ACCOUNTS = {
  approve: "000123456789",
  r01: "000222222227",
  nocode: "000000009999",
  created502: "000000000502",
  removed: "000000004001",
} as const;

/**
 * The kinds of scenario file a script may load (`scenarioYaml` writes each one). The model leaves
 * out `chanceDecline` (a seeded draw it cannot predict); the determinism property loads it too.
 */
export type RuleKind = "decline" | "created502" | "fail500" | "achReturn" | "captureDecline" | "remove" | "move502" | "move500" | "settleLater" | "timelineClose" | "cancelDecline" | "chanceDecline" | "achReturnAtClose" | "achReturnSoon";

const amount = fc.integer({ min: 50, max: 5000 });
/** Amounts for moves: some below the schema minimum (400, nothing changes), some above what is left (409). */
const moveAmount = fc.option(fc.integer({ min: 40, max: 6000 }), { nil: null, freq: 2 });
const tipOf = (max: number) => fc.integer({ min: 0, max });

const weighted = <T>(w: number, arbitrary: fc.Arbitrary<T>) => ({ weight: w, arbitrary });

/** The scenario kinds the model predicts. */
export const MODEL_RULES: readonly RuleKind[] = ["decline", "created502", "fail500", "achReturn", "captureDecline", "remove", "move502", "move500", "settleLater", "cancelDecline", "achReturnAtClose", "achReturnSoon", "timelineClose"];
/** Every kind: the determinism property also loads the ones the model cannot (or does not yet) predict. */
export const ALL_RULES: readonly RuleKind[] = [...MODEL_RULES, "chanceDecline"];

export const commandArb = (rules: readonly RuleKind[]): fc.Arbitrary<Cmd> => fc.oneof(
  weighted(
    5,
    fc
      .record({ type: fc.constantFrom("SALE" as const, "AUTH" as const), amount, pan: fc.constantFrom<keyof typeof PANS>("approve", "approve", "approve", "approve", "decline", "error", "created502", "fail500", "removed"), t: fc.nat(50) })
      .map(({ t, ...r }) => ({ k: "card" as const, ...r, tip: Math.min(t, r.amount) })),
  ),
  weighted(
    4,
    fc
      .record({ type: fc.constantFrom("SALE" as const, "PAYOUT" as const), amount, account: fc.constantFrom<keyof typeof ACCOUNTS>("approve", "approve", "approve", "r01", "r01", "nocode", "created502", "removed"), t: tipOf(50) })
      .map(({ t, ...r }) => ({ k: "ach" as const, ...r, tip: Math.min(t, r.amount) })),
  ),
  weighted(
    2,
    fc
      .record({ type: fc.constantFrom("SALE" as const, "AUTH" as const), amount, pick: fc.nat(), t: tipOf(50) })
      .map(({ t, ...r }) => ({ k: "token" as const, ...r, tip: Math.min(t, r.amount) })),
  ),
  weighted(4, fc.record({ k: fc.constant("capture" as const), pick: fc.nat(), aim, amount: moveAmount })),
  weighted(3, fc.record({ k: fc.constant("void" as const), pick: fc.nat(), aim })),
  weighted(4, fc.record({ k: fc.constant("refund" as const), pick: fc.nat(), aim, amount: moveAmount })),
  weighted(2, fc.constant({ k: "close" as const })),
  weighted(6, fc.record({ k: fc.constant("advance" as const), by: fc.constantFrom(null, null, "edge", "PT1H", "PT6H", "P1D", "P3D") })),
  weighted(
    2,
    fc.record({
      k: fc.constant("scenario" as const),
      rule: fc.constantFrom(...rules),
      times: fc.integer({ min: 1, max: 3 }),
      code: fc.constantFrom(null, "R01", "R16"),
      days: fc.integer({ min: 1, max: 3 }),
    }),
  ),
  weighted(1, fc.constant({ k: "reset" as const })),
);

/** Scripts long enough to reach settlement and returns (`size: "max"`: lengths spread up to the maximum). */
export const scriptArb = (maxLength: number, rules = MODEL_RULES) => fc.array(commandArb(rules), { minLength: 1, maxLength, size: "max" });

export const CARD_BODY = (pan: string) => ({
  type: "Card",
  entry_method: "ECOMMERCE",
  pan,
  expiry: { month: "12", year: "2099" },
  cvv: "123",
  first_name: "Ada",
  last_name: "Lovelace",
});

export const ACH_BODY = (account: string) => ({
  type: "ACH",
  account_number: account,
  routing_number: "021000021",
  account_type: "checking",
  standard_entry_class: "PPD",
  first_name: "Grace",
  last_name: "Hopper",
});

export function createBody(c: Extract<Cmd, { k: "card" | "ach" | "token" }>, token?: string) {
  const payment_method = c.k === "token" ? { type: "PaymentToken", payment_token: token } : c.k === "card" ? CARD_BODY(PANS[c.pan]) : ACH_BODY(ACCOUNTS[c.account]);
  return { type: c.type, amount: c.amount, ...(c.tip > 0 ? { tip: c.tip } : {}), payment_method };
}

/** The scenario file a `scenario` command loads (its name is unique within the world). */
export function scenarioYaml(c: Extract<Cmd, { k: "scenario" }>, name: string): string {
  const head = `version: 1\nname: ${name}\nrules:\n`;
  const create = `operation: createTransaction, times: ${c.times}`;
  switch (c.rule) {
    case "decline":
      return `${head}  - when: { ${create} }\n    then: { decline: { code: "05", description: Do not honor } }\n`;
    case "created502":
      return `${head}  - when: { ${create} }\n    then: { fail: { error: DOWNSTREAM_ERROR, created: APPROVED } }\n`;
    case "fail500":
      return `${head}  - when: { ${create} }\n    then: { fail: { error: SYSTEM_ERROR } }\n`;
    case "remove":
      return `${head}  - when: { ${create} }\n    then: { approve: true, schedule: [{ event: remove_from_batch }] }\n`;
    case "captureDecline":
      return `${head}  - when: { operation: captureTransaction, times: ${c.times} }\n    then: { decline: { code: "05", description: Do not honor } }\n`;
    case "chanceDecline":
      return `${head}  - when: { operation: [createTransaction, captureTransaction, cancelTransaction], chance: 0.${c.times * 3} }\n    then: { decline: { code: "05", description: Do not honor } }\n`;
    case "cancelDecline":
      return `${head}  - when: { operation: cancelTransaction, times: ${c.times} }\n    then: { decline: { code: "05", description: Do not honor } }\n`;
    case "move502":
      return `${head}  - when: { operation: [captureTransaction, cancelTransaction], times: ${c.times} }\n    then: { fail: { error: DOWNSTREAM_ERROR, created: APPROVED } }\n`;
    case "move500":
      return `${head}  - when: { operation: [captureTransaction, cancelTransaction], times: ${c.times} }\n    then: { fail: { error: SYSTEM_ERROR } }\n`;
    case "timelineClose":
      return `version: 1\nname: ${name}\ntimeline:\n  - { at: PT${c.days}H, do: close_batches }\n`;
    case "settleLater":
      return `${head}  - when: { ${create} }\n    then: { settlement: { delay: ${c.days} } }\n`;
    case "achReturn":
    case "achReturnAtClose":
    case "achReturnSoon": {
      const code = c.code === null ? "" : `, code: ${c.code}, reason: Returned by the bank`;
      const lag = c.rule === "achReturn" ? `after: settlement, business_days: ${c.days}` : c.rule === "achReturnAtClose" ? `after: batch_close, business_days: ${c.days}` : `after: now, in: PT${c.days}H`;
      return `${head}  - when: { ${create}, body: { payment_method.type: ACH } }\n    then: { schedule: [{ event: ach_return, ${lag}${code} }] }\n`;
    }
  }
}
