import type { JournalEntry } from "./gateway/journal.js";

/**
 * The typed control helpers of a running double: each calls the documented `/_mock` route over
 * HTTP, so they behave exactly as the routes do. `startDouble()` returns them for a double in this
 * process, `paydouble/testcontainers` for one in a container.
 */
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

export interface ControlHelpers {
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

/** The helpers for the double (or sandbox) at `url`. */
export function controlHelpers(url: string): ControlHelpers {
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
  };
}
