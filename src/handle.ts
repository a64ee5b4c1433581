import type { ReplacedScenario, ScenarioSwitch, UnloadedScenario } from "./control/scenario-one.js";
import type { LoadedScenario, ScenarioList } from "./control/scenarios.js";
import type { JournalEntry } from "./gateway/journal.js";
import type { CheckResult } from "./verdict/requirements.js";
import type { AuditReport, CoverageReport } from "./verdict/verdict.js";

/**
 * The typed helpers of one world (the server root or a sandbox): each calls that world's documented
 * `/_mock` route over HTTP, so a helper behaves exactly as the route does. `startDouble()` returns
 * them for the root, `double.sandbox()` for a sandbox of its own.
 */
/** The filters of `GET /_mock/requests` (docs/reference/control-api.md), as `paydouble ctl requests` has them. */
export interface RequestFilter {
  operation?: string;
  status?: number;
  client_id?: string;
  error_code?: string;
  /** Entries whose path (without the query string) contains this text. */
  path?: string;
  /** Entries shaped by this rule (`<scenario>/<rule>`). */
  rule?: string;
  /** Entries shaped by this spec quirk (a name of `GET /_mock/quirks`). */
  quirk?: string;
  /** Entries with a greater `seq` (with `limit`, the oldest n of them). */
  after?: number;
  /** Entries with a smaller `seq` (with `limit`, the newest n of them). */
  before?: number;
  limit?: number;
}

export interface ClockAdvance {
  by?: string;
  to?: string;
  until?: "next_event";
}

export interface FiredEvent {
  at: string;
  event: string;
  subject: string;
}

/** A fixture client's credentials, and the two headers every `/v1` call sends. */
export interface Credentials {
  id: string;
  api_key: string;
  type: string;
  dba: string;
  parent_id: string | null;
  headers: { "Api-Key": string; "Client-Id": string };
}

/** A transaction or batch as the control API answers it (the `/v1` shape). */
export type Resource = { id: string } & Record<string, unknown>;

export interface WorldHandle {
  /** This world's base URL: `http://127.0.0.1:<port>`, or `.../sandboxes/<id>` for a sandbox. */
  url: string;
  /** The fixture clients this world started with, credentials included. */
  clients: Credentials[];
  /** The first merchant of the fixtures (the demo merchant by default); throws when there is none. */
  readonly merchant: Credentials;
  clock: {
    now(): Promise<string>;
    /** `POST /_mock/clock/advance`; answers `{now, fired}`. */
    advance(by: string | ClockAdvance): Promise<{ now: string; fired: FiredEvent[] }>;
  };
  scenarios: {
    /** Loads a scenario: YAML text, or the same as an object (sent as JSON). */
    load(scenario: string | object): Promise<LoadedScenario>;
    /** The active files in precedence order, each rule with its hit count. */
    list(): Promise<ScenarioList>;
    /** Back to the scenarios the world started with (the active set now). */
    reset(): Promise<ScenarioList>;
    /** `DELETE /_mock/scenarios/{name}`: unloads that file only. */
    unload(name: string): Promise<UnloadedScenario>;
    /** `PUT /_mock/scenarios/{name}`: replaces it in place (same precedence, counters at zero). */
    replace(name: string, scenario: string | object): Promise<ReplacedScenario>;
    /** `POST /_mock/scenarios/{name}/disable`: matched by nothing, place and counters kept. */
    disable(name: string): Promise<ScenarioSwitch>;
    /** `POST /_mock/scenarios/{name}/enable`. */
    enable(name: string): Promise<ScenarioSwitch>;
  };
  requests: {
    list(filter?: RequestFilter): Promise<JournalEntry[]>;
    /** `GET /_mock/requests/{seq}`: one entry whole (answer, error code, near misses). */
    get(seq: number): Promise<JournalEntry>;
    count(filter?: RequestFilter): Promise<number>;
    clear(): Promise<void>;
  };
  /** The test helpers of the control API, named as `paydouble ctl trigger` names them. */
  trigger: {
    /**
     * `POST /_mock/transactions/{id}/ach-return`: returns an approved ACH payment now (the
     * transaction) or, with `in` (an ISO 8601 duration), later on the clock (`{scheduled}`).
     */
    achReturn(transactionId: string, options?: { code?: string | null; reason?: string; in?: string }): Promise<Resource | { scheduled: FiredEvent }>;
    /** `POST /_mock/transactions/{id}/remove-from-batch`: REMOVED_FROM_BATCH at its batch's close. */
    removeFromBatch(transactionId: string): Promise<Resource>;
    /** `POST /_mock/batches/{id}/settle`: settles a closed batch now. */
    settle(batchId: string): Promise<Resource>;
    /**
     * Moves the clock to the last pending batch close, so every batch open now closes (and every
     * event due before it fires); `fired` is empty when no batch is open.
     */
    closeBatches(): Promise<{ now: string; fired: FiredEvent[] }>;
  };
  /**
   * `POST /_mock/reset`: back to the start state; with a seed, that seed; without one, the seed the
   * world started with (not the one of an earlier reset).
   */
  reset(seed?: string | number): Promise<{ status: string; seed: string; now: string }>;
  /** `GET /_mock/coverage`: which catalogue outcomes the run met (`{ scope: "world" }`: this world only). */
  coverage(options?: { scope?: "run" | "world" }): Promise<CoverageReport>;
  /** `POST /_mock/coverage/check`: a requirement file's text (YAML or JSON) or object; `passed` and `missed`. */
  checkCoverage(requirements: string | object): Promise<CheckResult>;
  /** `GET /_mock/audit`: where the client broke the spec's rules. */
  audit(options?: { scope?: "run" | "world" }): Promise<AuditReport>;
}

/** Thrown by the control methods when the double answers with an error envelope. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`paydouble control call failed with ${status}: ${JSON.stringify(body)}`);
  }
}

/** Calls `{url}/_mock{path}`: the parsed JSON answer, or {@link ControlError}. */
export async function control<T>(url: string, method: string, path: string, body?: unknown, contentType = "application/json"): Promise<T> {
  const res = await fetch(url + "/_mock" + path, {
    method,
    headers: body === undefined ? {} : { "content-type": contentType },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ControlError(res.status, parsed);
  return parsed as T;
}

/** The helpers of the world at `url`, whose fixtures list `clients`. */
export function worldHandle(url: string, clients: Omit<Credentials, "headers">[]): WorldHandle {
  const call = <T>(method: string, path: string, body?: unknown, contentType?: string) => control<T>(url, method, path, body, contentType);
  const enc = encodeURIComponent;
  // A scenario given as text is YAML (JSON is YAML too); an object is sent as JSON.
  const file = <T>(method: string, path: string, scenario: string | object) =>
    typeof scenario === "string" ? call<T>(method, path, scenario, "application/yaml") : call<T>(method, path, scenario);
  const query = (f: RequestFilter = {}, extra: Record<string, string> = {}) => {
    const p = new URLSearchParams(extra);
    for (const [k, v] of Object.entries(f)) if (v !== undefined) p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : "";
  };
  const withHeaders = clients.map((c) => ({ ...c, headers: { "Api-Key": c.api_key, "Client-Id": c.id } }));
  return {
    url,
    clients: withHeaders,
    get merchant() {
      const m = withHeaders.find((c) => c.type === "merchant");
      if (!m) throw new Error("the fixtures of this world have no merchant");
      return m;
    },
    clock: {
      now: async () => (await call<{ now: string }>("GET", "/clock")).now,
      advance: (by) => call("POST", "/clock/advance", typeof by === "string" ? { by } : by),
    },
    scenarios: {
      load: (scenario) => file("POST", "/scenarios", scenario),
      list: () => call("GET", "/scenarios"),
      reset: () => call("DELETE", "/scenarios"),
      unload: (name) => call("DELETE", `/scenarios/${enc(name)}`),
      replace: (name, scenario) => file("PUT", `/scenarios/${enc(name)}`, scenario),
      disable: (name) => call("POST", `/scenarios/${enc(name)}/disable`),
      enable: (name) => call("POST", `/scenarios/${enc(name)}/enable`),
    },
    requests: {
      list: async (f) => (await call<{ data: JournalEntry[] }>("GET", "/requests" + query(f))).data,
      get: (seq) => call("GET", `/requests/${seq}`),
      count: async (f) => (await call<{ count: number }>("GET", "/requests" + query(f, { count: "true" }))).count,
      clear: async () => {
        await call("DELETE", "/requests");
      },
    },
    trigger: {
      achReturn: (id, options = {}) => call("POST", `/transactions/${enc(id)}/ach-return`, options),
      removeFromBatch: (id) => call("POST", `/transactions/${enc(id)}/remove-from-batch`),
      settle: (id) => call("POST", `/batches/${enc(id)}/settle`),
      closeBatches: async () => {
        const { now, pending } = await call<{ now: string; pending: FiredEvent[] }>("GET", "/clock");
        const to = lastBatchClose(pending);
        return to === undefined ? { now, fired: [] } : call("POST", "/clock/advance", { to });
      },
    },
    reset: (seed) => call("POST", "/reset", seed === undefined ? {} : { seed }),
    coverage: (o = {}) => call("GET", `/coverage${query({}, o.scope ? { scope: o.scope } : {})}`),
    checkCoverage: (requirements) => file("POST", "/coverage/check", requirements) as Promise<CheckResult>,
    audit: (o = {}) => call("GET", `/audit${query({}, o.scope ? { scope: o.scope } : {})}`),
  };
}

/** The instant of the last pending `batch_auto_close` (the list is in firing order), if any. */
export function lastBatchClose(pending: readonly FiredEvent[]): string | undefined {
  return pending.filter((e) => e.event === "batch_auto_close").at(-1)?.at;
}
