import type { Context } from "hono";
import type { AppEnv } from "./env.js";
import { nodeHeaders } from "./headers.js";

/**
 * The first step of every request, before the body is read or a world is chosen: keeps web pages
 * a developer has open away from the double.
 *
 * - DNS rebinding: a page on `rebind.attacker.example`, whose name the attacker points at
 *   127.0.0.1, is same-origin with the double as far as the browser knows; only its `Host` header
 *   gives it away. So `Host` must be a name no public page can own (as webpack-dev-server's
 *   `allowedHosts` and Vite's `server.allowedHosts` do): `localhost` and `*.localhost`, an IP literal,
 *   a single-label name (`paydouble`, a compose or Actions service; public DNS has none), or a name
 *   listed with `--allowed-hosts` (`.example.test` for a domain and its subdomains, `all` for any).
 * - Cross-site requests: an `<img>` or a form post from another site carries
 *   `Sec-Fetch-Site: cross-site`, a `fetch` or form post a foreign `Origin`. Refused here, they
 *   draw no request id, tick no clock and leave no journal, replay or export trace.
 *
 * Clients that are not browsers send neither header and pass. The common path reads three header
 * values from node's already-parsed header object and compares strings: no allocation.
 */
export type HostRule = (host: string) => boolean;

/** A refusal, answered with the spec's envelope before any world is involved (so no request id). */
export interface Refusal {
  message: string;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const PORT = /^\d{1,5}$/;

/** The host rule for the names given with `--allowed-hosts` (lower-cased; a port in an entry is ignored). */
export function hostRule(allowed: readonly string[] = []): HostRule {
  const names = new Set<string>();
  const domains: string[] = [];
  let any = false;
  for (const raw of allowed) {
    const entry = raw.trim().toLowerCase();
    if (entry === "all" || entry === "*") any = true;
    else if (entry.startsWith(".")) domains.push(entry);
    else if (entry !== "") names.add(hostnameOf(entry) ?? entry);
  }
  // The last accepted Host: a client sends the same one on every request, so this is one compare.
  let last = "";
  return (host) => {
    if (any || host === last) return true;
    const name = hostnameOf(host.toLowerCase());
    if (name === null) return false;
    const ok = builtinAllowed(name) || names.has(name) || domains.some((d) => name.endsWith(d) || name === d.slice(1));
    if (ok) last = host;
    return ok;
  };
}

/** `Host` without its port; an IPv6 literal keeps its brackets. Null when it is not a host at all. */
function hostnameOf(host: string): string | null {
  if (host.startsWith("[")) {
    const close = host.indexOf("]");
    if (close < 0) return null;
    const rest = host.slice(close + 1);
    return rest === "" || (rest[0] === ":" && PORT.test(rest.slice(1))) ? host.slice(0, close + 1) : null;
  }
  const colon = host.indexOf(":");
  if (colon < 0) return host;
  return PORT.test(host.slice(colon + 1)) ? host.slice(0, colon) : null;
}

/** Names no public page can make resolve to this machine. */
function builtinAllowed(name: string): boolean {
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (name.startsWith("[") || IPV4.test(name)) return true;
  // A single label (no dot): a container or CI service name, or a machine name of the local network.
  return name !== "" && !name.includes(".");
}

/** Why this request must not reach any world, or null when it may. */
export function refusal(c: Context<AppEnv>, allowedHost: HostRule): Refusal | null {
  const h = nodeHeaders(c);
  const host = h ? h.host : c.req.header("host");
  if (host !== undefined && host !== "" && !allowedHost(host)) {
    const shown = host.length > 100 ? host.slice(0, 100) + "..." : host;
    return {
      message: `Host "${shown}" is not allowed (DNS rebinding protection): use localhost, an IP address or a single-label name, or start paydouble with --allowed-hosts ${hostnameOf(host.toLowerCase()) ?? "NAME"} (PAYDOUBLE_ALLOWED_HOSTS).`,
    };
  }
  const site = h ? h["sec-fetch-site"] : c.req.header("sec-fetch-site");
  if (site === "cross-site") return { message: "Requests a browser marks as cross-site (Sec-Fetch-Site: cross-site) are refused." };
  const origin = h ? h.origin : c.req.header("origin");
  if (origin !== undefined && !sameOrigin(origin, host ?? new URL(c.req.url).host)) {
    return { message: `Requests from another origin (${origin.length > 100 ? origin.slice(0, 100) + "..." : origin}) are refused.` };
  }
  return null;
}

/** `Origin` names the same host:port as `Host` (the scheme is not compared: a TLS proxy may sit in front). */
function sameOrigin(origin: string, host: string): boolean {
  const start = origin.indexOf("://");
  if (origin === "null" || start < 0) return false;
  const rest = origin.slice(start + 3);
  return rest.length === host.length && rest.toLowerCase() === host.toLowerCase();
}
