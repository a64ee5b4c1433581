import { MERCHANT, RESELLER } from "../helpers.js";

/** Something that answers HTTP in process: a double's `app.request`. */
export type RequestFn = (path: string, init: RequestInit) => Response | Promise<Response>;

export interface Sent {
  method: string;
  path: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
}

export interface Answer {
  status: number;
  body: any;
  text: string;
  requestId: string | null;
}

/**
 * An HTTP client over one world (the root, or `/sandboxes/{id}` with `prefix`) that keeps the
 * transcript: every request as sent and every answer as bytes. The transcript is what a failure
 * prints and what the determinism property compares.
 */
export class Driver {
  readonly sent: Sent[] = [];
  readonly stream: string[] = [];
  /** `/v1` requests so far (each one ticks the simulated clock by one millisecond). */
  gatewayRequests = 0;
  /** Called before each `/v1` request is sent (the model moves its clock by the tick there). */
  beforeGateway: (() => void) | null = null;

  /**
   * `viaReseller`: every `/v1` request is sent by the reseller acting for the merchant
   * (`X-Acting-As-Client-Id`), which must behave exactly as the merchant calling itself.
   */
  constructor(
    private readonly request: RequestFn,
    readonly prefix = "",
    readonly viaReseller = false,
  ) {}

  async call(method: string, path: string, opts: { body?: unknown; raw?: string; contentType?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    const gateway = path.startsWith("/v1");
    if (gateway) {
      headers["Api-Key"] = this.viaReseller ? RESELLER.key : MERCHANT.key;
      headers["Client-Id"] = this.viaReseller ? RESELLER.id : MERCHANT.id;
      if (this.viaReseller) headers["X-Acting-As-Client-Id"] = MERCHANT.id;
      this.gatewayRequests++;
      this.beforeGateway?.();
    }
    let body = opts.raw;
    if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers["Content-Type"] = opts.contentType ?? "application/json";
    this.sent.push({ method, path, ...(opts.body !== undefined ? { body: opts.body } : {}), ...(opts.raw !== undefined ? { raw: opts.raw, contentType: opts.contentType } : {}) });
    const res = await this.request(this.prefix + path, { method, headers, body });
    const text = await res.text();
    const requestId = res.headers.get("x-request-id");
    this.stream.push(`${method} ${path} -> ${res.status} ${requestId} ${text}`);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, requestId };
  }

  get = (path: string) => this.call("GET", path);
  post = (path: string, body?: unknown) => this.call("POST", path, body === undefined ? {} : { body });
  yaml = (path: string, text: string) => this.call("POST", path, { raw: text, contentType: "application/yaml" });

  /** Every transaction of the merchant, oldest first, over as many pages as it takes. */
  async allTransactions(): Promise<any[]> {
    const out: any[] = [];
    for (let offset = 0; ; offset += 100) {
      const r = await this.get(`/v1/transactions?limit=100&offset=${offset}&sort_by=time_created&sort_order=asc`);
      if (r.status !== 200) throw new Error(`GET /v1/transactions answered ${r.status}: ${r.text}`);
      out.push(...r.body.data);
      if (!r.body.has_more) return out;
    }
  }

  /** Every batch of the merchant. */
  async allBatches(): Promise<any[]> {
    const r = await this.get("/v1/batches?take=100&sort_order=asc");
    if (r.status !== 200) throw new Error(`GET /v1/batches answered ${r.status}: ${r.text}`);
    return r.body.data;
  }
}

/** The request list of a transcript, one line each, as a human would replay it with curl. */
export function requestLines(sent: readonly Sent[]): string {
  return sent
    .map((s, i) => {
      const payload = s.body !== undefined ? ` ${JSON.stringify(s.body)}` : s.raw !== undefined ? ` (${s.contentType}) ${JSON.stringify(s.raw)}` : "";
      return `${String(i + 1).padStart(4)}. ${s.method} ${s.path}${payload}`;
    })
    .join("\n");
}
