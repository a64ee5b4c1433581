import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { JournalEntry } from "./gateway/journal.js";
import { createDouble, type Double, type DoubleOptions } from "./index.js";
import type { CheckResult } from "./verdict/requirements.js";
import type { AuditReport, CoverageReport } from "./verdict/verdict.js";

/**
 * `startDouble(options)`: a double listening on a port (a free one unless `port` is given), with
 * typed methods that call its own `/_mock` control API over HTTP, so they behave exactly as the
 * documented routes do.
 *
 * @example
 * const double = await startDouble({ seed: "42" });
 * await fetch(`${double.url}/v1/clients`, { headers: { "Api-Key": key, "Client-Id": id } });
 * expect(await double.requests.count({ operation: "createClient", status: 200 })).toBe(1);
 * await double.close();
 */
export interface StartOptions extends DoubleOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  hostname?: string;
}

export interface RequestFilter {
  operation?: string;
  status?: number;
  client_id?: string;
  error_code?: string;
  limit?: number;
}

export interface ClockAdvance {
  by?: string;
  to?: string;
  until?: "next_event";
}

export interface RunningDouble {
  /** `http://127.0.0.1:<port>`: the integrator's `base_url`. */
  url: string;
  /** The in-process double behind the port (its host and app). */
  double: Double;
  clock: {
    now(): Promise<string>;
    /** `POST /_mock/clock/advance`; answers `{now, fired}`. */
    advance(by: string | ClockAdvance): Promise<{ now: string; fired: { at: string; event: string; subject: string }[] }>;
  };
  scenarios: {
    /** Loads a scenario: YAML text, or the same as an object (sent as JSON). */
    load(scenario: string | object): Promise<unknown>;
    list(): Promise<unknown>;
    /** Back to the scenarios the world started with. */
    reset(): Promise<unknown>;
    /** `DELETE /_mock/scenarios/{name}`: unloads that file only. */
    unload(name: string): Promise<unknown>;
    /** `PUT /_mock/scenarios/{name}`: replaces it in place (same precedence, counters at zero). */
    replace(name: string, scenario: string | object): Promise<unknown>;
    /** `POST /_mock/scenarios/{name}/disable`: matched by nothing, place and counters kept. */
    disable(name: string): Promise<unknown>;
    /** `POST /_mock/scenarios/{name}/enable`. */
    enable(name: string): Promise<unknown>;
  };
  requests: {
    list(filter?: RequestFilter): Promise<JournalEntry[]>;
    /** `GET /_mock/requests/{seq}`: one entry whole (answer, error code, near misses). */
    get(seq: number): Promise<JournalEntry>;
    count(filter?: RequestFilter): Promise<number>;
    clear(): Promise<void>;
  };
  /**
   * `POST /_mock/reset`: back to the start state; with a seed, that seed; without one, the seed the
   * world started with (not the one of an earlier reset).
   */
  reset(seed?: string | number): Promise<{ status: string; seed: string; now: string }>;
  /** `GET /_mock/coverage`: which catalogue outcomes the run met (`{ scope: "world" }`: the default world only). */
  coverage(options?: { scope?: "run" | "world" }): Promise<CoverageReport>;
  /** `POST /_mock/coverage/check`: a requirement file's text (YAML or JSON) or object; `passed` and `missed`. */
  checkCoverage(requirements: string | object): Promise<CheckResult>;
  /** `GET /_mock/audit`: where the client broke the spec's rules. */
  audit(options?: { scope?: "run" | "world" }): Promise<AuditReport>;
  close(): Promise<void>;
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

export async function startDouble(options: StartOptions = {}): Promise<RunningDouble> {
  const double = createDouble(options);
  const hostname = options.hostname ?? "127.0.0.1";
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: double.app.fetch, port: options.port ?? 0, hostname }, () => resolve(s));
    s.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;

  async function control<T>(method: string, path: string, body?: unknown, contentType = "application/json"): Promise<T> {
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
  const query = (f: RequestFilter = {}, extra: Record<string, string> = {}) => {
    const p = new URLSearchParams(extra);
    for (const [k, v] of Object.entries(f)) if (v !== undefined) p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : "";
  };

  return {
    url,
    double,
    clock: {
      now: async () => (await control<{ now: string }>("GET", "/clock")).now,
      advance: (by) => control("POST", "/clock/advance", typeof by === "string" ? { by } : by),
    },
    scenarios: {
      load: (scenario) =>
        typeof scenario === "string" ? control("POST", "/scenarios", scenario, "application/yaml") : control("POST", "/scenarios", scenario),
      list: () => control("GET", "/scenarios"),
      reset: () => control("DELETE", "/scenarios"),
      unload: (name) => control("DELETE", `/scenarios/${encodeURIComponent(name)}`),
      replace: (name, scenario) =>
        typeof scenario === "string"
          ? control("PUT", `/scenarios/${encodeURIComponent(name)}`, scenario, "application/yaml")
          : control("PUT", `/scenarios/${encodeURIComponent(name)}`, scenario),
      disable: (name) => control("POST", `/scenarios/${encodeURIComponent(name)}/disable`),
      enable: (name) => control("POST", `/scenarios/${encodeURIComponent(name)}/enable`),
    },
    requests: {
      list: async (f) => (await control<{ data: JournalEntry[] }>("GET", "/requests" + query(f))).data,
      get: (seq) => control("GET", `/requests/${seq}`),
      count: async (f) => (await control<{ count: number }>("GET", "/requests" + query(f, { count: "true" }))).count,
      clear: async () => {
        await control("DELETE", "/requests");
      },
    },
    reset: (seed) => control("POST", "/reset", seed === undefined ? {} : { seed }),
    coverage: (o = {}) => control("GET", `/coverage${query({}, o.scope ? { scope: o.scope } : {})}`),
    checkCoverage: (requirements) =>
      typeof requirements === "string" ? control("POST", "/coverage/check", requirements, "application/yaml") : control("POST", "/coverage/check", requirements),
    audit: (o = {}) => control("GET", `/audit${query({}, o.scope ? { scope: o.scope } : {})}`),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
