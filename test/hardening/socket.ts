import { request as httpRequest } from "node:http";
import { startDouble, type RunningDouble } from "../../src/start.js";
import { RESELLER } from "../helpers.js";

/** Real-socket helpers for the hardening suites: overlapping requests, slow bodies, lost replies. */
export const auth = { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id };

export const clientBody = (dba: string, extra: Record<string, unknown> = {}) => ({
  dba,
  type: "merchant",
  admin_contact_details: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
  ...extra,
});

export interface Raw {
  status: number;
  text: string;
}

/** One request over the socket; resolves with status 0 when the connection breaks or `giveUpMs` passes. */
export function send(
  d: RunningDouble,
  method: string,
  path: string,
  opts: { body?: string | Buffer; headers?: Record<string, string>; bodyAfterMs?: number; giveUpMs?: number; chunked?: boolean } = {},
): Promise<Raw> {
  const url = new URL(path, d.url);
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...opts.headers };
    if (opts.body !== undefined && !opts.chunked) headers["content-length"] = Buffer.byteLength(opts.body);
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", () => resolve({ status: 0, text }));
    });
    req.on("error", () => resolve({ status: 0, text: "" }));
    if (opts.giveUpMs) setTimeout(() => req.destroy(), opts.giveUpMs);
    const finish = () => (opts.body === undefined ? req.end() : req.end(opts.body));
    if (opts.bodyAfterMs) {
      req.flushHeaders();
      setTimeout(finish, opts.bodyAfterMs);
    } else finish();
  });
}

export const json = (d: RunningDouble, method: string, path: string, body: unknown, opts: { giveUpMs?: number; bodyAfterMs?: number } = {}) =>
  send(d, method, path, { ...opts, body: JSON.stringify(body), headers: { ...auth, "content-type": "application/json" } });

export async function loadYaml(d: RunningDouble, yaml: string): Promise<void> {
  const r = await send(d, "POST", "/_mock/scenarios", { body: yaml, headers: { "content-type": "application/yaml" } });
  if (r.status !== 201) throw new Error(`scenario not loaded: ${r.status} ${r.text}`);
}

export async function exported(d: RunningDouble): Promise<string> {
  return (await send(d, "GET", "/_mock/journal/export")).text;
}

export { startDouble };
