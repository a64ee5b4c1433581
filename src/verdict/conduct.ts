import { sha256Base64 } from "../core/hash.js";
import type { EntryRef, Finding, FindingName } from "./findings.js";

/** One answered `/v1` request as the conduct checks see it. */
export interface Step {
  ref: EntryRef;
  operation: string | null;
  client_id: string | null;
  /** {@link retryKey}: a retry is the same key (and, for a write, the same body). */
  key: string;
  body: unknown;
  /** The handler's wire answer (also under a 502 answered after it ran). */
  result: unknown;
  /** Wall-clock instants (monotonic ms): never journaled, never in an answer but the audit's. */
  arrivedMs: number;
  answeredMs: number;
  /** `X-Acting-As-Client-Id` as sent, and whether it named the caller; `callerIsMerchant` when it was sent. */
  actingAs: "none" | "self" | "other";
  callerIsMerchant: boolean;
  /** For `updateClient`: the properties sent that equal the client as last answered to this world. */
  unchanged?: string[];
  unchangedFrom?: EntryRef;
}

/** Longest URL a retry key holds as it is; a longer one is keyed by its digest. */
const KEYED_BY_URL = 1024;

/**
 * What makes a later request "the same" as a failed one: `METHOD url`. A long URL is keyed by its
 * SHA-256 instead: keys leave the per-client map as failures come and go, and a key held there
 * kept its whole URL alive through young-generation collections (20,000 refused GETs of 12 KB URLs:
 * 2.8 MB promoted per scavenge, RSS +99 MB; with this key, RSS +45 to +48 MB, bench/memory-bounds).
 */
export function retryKey(method: string, url: string): string {
  return url.length <= KEYED_BY_URL ? `${method} ${url}` : `${method} #${sha256Base64(url)}`;
}

/** A request that failed and may be retried: what a later identical request is compared with. */
interface Pending {
  step: Step;
  attempts: number;
  /** Gaps between the failed answers and the retries so far (ms). */
  gaps: number[];
  /** A `GET /v1/transactions` (list or one) by the same client since: reconciliation (rule 3). */
  reconciled: boolean;
  /** Any read by the same client since (a 409's "read the resource first"). */
  read: boolean;
  flagged: Set<FindingName>;
}

const PAYMENTS = new Set(["createTransaction", "captureTransaction", "cancelTransaction"]);
const NO_RETRY = new Set([400, 401, 403, 404, 409]);
const RETRYABLE = new Set([500, 502]);
/** A retry sooner than this after the failure it follows is "without backoff" (decisions table). */
export const MIN_BACKOFF_MS = 100;
/** Rule 4's "three or four attempts". */
export const MAX_ATTEMPTS = 4;
/** Failed requests remembered per client (the oldest is forgotten first). */
const PENDING_PER_CLIENT = 8;

/**
 * The conduct checks of one world: per client, the last few failed requests, compared with each
 * later request. O(1) per request (a bounded map per client); a body is compared only when a
 * request repeats a failed one's method and URL.
 */
export class Conduct {
  readonly #pending = new Map<string, Map<string, Pending>>();

  constructor(readonly report: (kind: FindingName, step: Step, entries: EntryRef[], message: string) => void) {}

  /** Whether a client has a failed request that a later one may repeat (or a read may follow). */
  pendingFor(clientId: string | null): boolean {
    return (this.#pending.get(clientId ?? "")?.size ?? 0) > 0;
  }

  observe(s: Step): void {
    if (s.actingAs === "self") this.report("acting_as_self", s, [s.ref], `${s.ref.method} ${s.ref.path} named the caller ${s.client_id} in X-Acting-As-Client-Id.`);
    else if (s.actingAs === "other" && s.callerIsMerchant) this.report("merchant_acting_as", s, [s.ref], `${s.ref.method} ${s.ref.path} sent X-Acting-As-Client-Id with a merchant's credentials.`);
    if (s.unchanged?.length && s.unchangedFrom) {
      this.report("stale_update", s, [s.unchangedFrom, s.ref], `updateClient re-sent ${s.unchanged.map((p) => `\`${p}\``).join(", ")} unchanged from entry ${s.unchangedFrom.seq}.`);
    }
    const who = s.client_id ?? "";
    let mine = this.#pending.get(who);
    const prior = mine?.get(s.key);
    if (prior) this.#compare(prior, s);
    if (s.ref.method === "GET" && mine) {
      for (const p of mine.values()) {
        if (p === prior) continue;
        p.read = true;
        if (s.operation === "listTransactions" || s.operation === "getTransaction") p.reconciled = true;
      }
    }
    const failed = NO_RETRY.has(s.ref.status) || RETRYABLE.has(s.ref.status) || s.ref.status === 0;
    if (!failed) {
      mine?.delete(s.key);
      return;
    }
    const same = prior && sameBody(prior.step.body, s.body);
    const next: Pending = same
      ? { step: s, attempts: prior.attempts + 1, gaps: prior.gaps, reconciled: false, read: false, flagged: prior.flagged }
      : { step: s, attempts: 1, gaps: [], reconciled: false, read: false, flagged: new Set() };
    if (!mine) this.#pending.set(who, (mine = new Map()));
    mine.delete(s.key);
    mine.set(s.key, next);
    if (mine.size > PENDING_PER_CLIENT) mine.delete(mine.keys().next().value!);
  }

  #compare(p: Pending, s: Step): void {
    const before = p.step;
    const same = sameBody(before.body, s.body);
    const pair = [before.ref, s.ref];
    const op = s.operation ?? s.ref.path;
    if (same && before.ref.status === 502 && PAYMENTS.has(s.operation ?? "") && !p.reconciled) {
      this.report("blind_retry_after_502", s, pair, `${op} was answered 502 (entry ${before.ref.seq}) and sent again unchanged (entry ${s.ref.seq}) with no GET /v1/transactions in between.`);
    }
    if (same && before.ref.status === 502 && approved(before.result) && approved(s.result)) {
      const first = (before.result as { id?: string }).id;
      const second = (s.result as { id?: string }).id;
      this.report("duplicate_charge", s, pair, `${op} answered 502 after creating ${first} (APPROVED, entry ${before.ref.seq}); the retry created ${second} (APPROVED, entry ${s.ref.seq}): the payment was charged twice.`);
    }
    if (same && NO_RETRY.has(before.ref.status)) {
      this.report("retry_after_client_error", s, pair, `${op} was answered ${before.ref.status} (entry ${before.ref.seq}) and sent again unchanged (entry ${s.ref.seq}).`);
    } else if (before.ref.status === 409 && s.ref.status === 409 && !p.read) {
      this.report("repeated_conflict", s, pair, `${op} was answered 409 again (entries ${before.ref.seq} and ${s.ref.seq}) with no read of the resource in between.`);
    }
    if (!same || !(RETRYABLE.has(before.ref.status) || before.ref.status === 0)) return;
    const gap = Math.max(0, Math.round(s.arrivedMs - before.answeredMs));
    p.gaps.push(gap);
    if (!p.flagged.has("retry_without_backoff") && gap < MIN_BACKOFF_MS) {
      p.flagged.add("retry_without_backoff");
      this.report("retry_without_backoff", s, pair, `${op} was retried ${gap} ms after the ${before.ref.status || "lost reply"} (less than ${MIN_BACKOFF_MS} ms); waits so far: ${p.gaps.join(", ")} ms.`);
    }
    if (p.attempts + 1 > MAX_ATTEMPTS && !p.flagged.has("too_many_attempts")) {
      p.flagged.add("too_many_attempts");
      this.report("too_many_attempts", s, pair, `${op} was sent ${p.attempts + 1} times (the spec: three or four attempts).`);
    }
  }
}

function approved(result: unknown): boolean {
  return (result as { result?: unknown } | undefined)?.result === "APPROVED";
}

/** Whether two request bodies are the same request (reached only when a method and URL repeat). */
function sameBody(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false; // nested past the stack (a hostile body): never the same request as another
  }
}

export type { Finding };
