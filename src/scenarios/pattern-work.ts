/**
 * The pattern work one request may do (security review, defect 1). RE2JS is linear in the text,
 * but a run costs about the pattern's instructions times the text's characters (its DFA builds a
 * state per character of a large program, its NFA steps every instruction per character): 20
 * patterns of 2,000 instructions on a 15,000-character header held every world for 19 s. So each
 * request gets a budget of steps, counted as `instructions x (characters + 1)` for each pattern
 * actually run (after the free literal-prefix test; `characters + 1` alone when RE2JS turns the
 * text away by a literal it lacks). The count is of deterministic quantities,
 * never of time: the same files and requests give the same answers on any machine.
 *
 * A pattern that would pass what is left is not run and its condition does not hold; the run is
 * remembered as skipped so the request's near misses and `POST /_mock/scenarios/explain` say so.
 */

/**
 * Steps of pattern work a request may do. The costliest steps measured (a cold DFA building a
 * state per character of a large program: up to about 185 ns each on the 2-core CI machine) make
 * at most about 0.1 s; ordinary patterns run at 1-6 ns a step. It runs a 15-instruction pattern
 * on a 16-digit value about 1,900 times; 9,000 rules of distinct literal-led patterns (`^Zz12`,
 * `Zz12_(\d+)`) cost a scan each (`prefix`, `needs`, match.ts), about 110,000 steps.
 */
export const PATTERN_STEPS_PER_REQUEST = 500_000;

/** What running one pattern on one value gave, remembered for the request's near misses. */
export type PatternRun = { held: boolean; groups?: readonly string[] } | { skipped: { instructions: number; characters: number; left: number } };

export interface PatternWork {
  /** Steps left to spend. */
  left: number;
  /**
   * Runs of this request by the condition that ran them (a `Check`): the near misses read the
   * engine's verdicts instead of running the patterns again. Made at the first step spent (most
   * requests run no pattern: they pay for no map); null when unmetered.
   */
  runs: Map<object, PatternRun> | null;
  /** How many runs were skipped, and the labels of the first rules that had one (near misses show them). */
  skipped: number;
  skippedRules: string[];
  /** The request it is for, until its first step: then it is registered under it ({@link spent}). */
  input: object | null;
}

/**
 * The work of one request, shared by the engine's match and the near misses of the same request
 * (both get the same `MatchInput` object). Keyed weakly by that object, and only once a pattern
 * ran: the work is gone with the request, so nothing is kept between requests.
 */
const WORK = new WeakMap<object, PatternWork>();

export function workFor(input: object): PatternWork {
  return WORK.get(input) ?? metered(PATTERN_STEPS_PER_REQUEST, input);
}

/** A fresh budget (a unit test, or a `holds` call given none). */
export function metered(steps = PATTERN_STEPS_PER_REQUEST, input: object | null = null): PatternWork {
  return { left: steps, runs: null, skipped: 0, skippedRules: [], input };
}

/** Called before a step is spent: the map of runs is made and the work registered under its request. */
export function spent(work: PatternWork): Map<object, PatternRun> | null {
  if (work.runs === null && work.left !== Infinity) {
    work.runs = new Map();
    if (work.input !== null) WORK.set(work.input, work);
  }
  return work.runs;
}

/**
 * The built-in magic values' work: never refused, one object for every request (nothing is
 * recorded in it). Their two patterns (`^100(\d\d)$`, `^100(\d\d)(\d\d)$`, about 15
 * instructions) read `account_number`, at most 17 digits once the body is validated, so they
 * cost at most a few hundred steps; refusing them would silently drop a magic value.
 */
const UNMETERED: PatternWork = { left: Infinity, runs: null, skipped: 0, skippedRules: [], input: null };

export function unmetered(): PatternWork {
  return UNMETERED;
}

/** Why a pattern was not run, as near misses and explain say it. */
export function skippedText(pattern: string, s: { instructions: number; characters: number; left: number }): string {
  const shown = JSON.stringify(pattern.length > 60 ? `${pattern.slice(0, 57)}...` : pattern);
  return `matches ${shown} not run: ${s.instructions} instructions x ${s.characters} characters would pass the ${PATTERN_STEPS_PER_REQUEST}-step pattern budget of a request (${s.left} steps left); the condition counts as not holding`;
}
