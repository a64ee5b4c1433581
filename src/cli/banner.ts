import type { Host } from "../gateway/host.js";

/** What the startup banner needs to know beyond the world itself. */
export interface BannerFacts {
  version: string;
  /** The address and port the server is bound to. */
  address: string;
  port: number;
  control: boolean;
  replay: string | null;
}

/**
 * The startup banner: the first line is the machine-readable one (tests, scripts and the image's
 * users wait for `listening on URL`), then where the docs, control API and inspector are, and the
 * demo merchant's and reseller's credentials from the world's fixtures with one curl to paste.
 * These are the documented test credentials of the fixtures (`GET /_mock/fixtures` lists them),
 * not secrets, so they are printed whole.
 */
export function bannerLines(host: Host, facts: BannerFacts): string[] {
  const bound = facts.address.includes(":") ? `[${facts.address}]` : facts.address;
  // A wildcard bind answers on loopback: print an address a browser or curl on this machine can use.
  const local = facts.address === "0.0.0.0" || facts.address === "::" ? "127.0.0.1" : bound;
  const url = `http://${local}:${facts.port}`;
  const names = (host.root.options.scenarios ?? []).map((s) => s.name);
  const lines = [
    `paydouble ${facts.version} listening on http://${bound}:${facts.port} seed=${host.root.options.seed} scenarios=${names.length ? names.join(",") : "none"}${facts.replay ? ` replay=${facts.replay}` : ""}`,
  ];
  if (facts.control) {
    lines.push(`  docs       ${url}/_mock/docs`, `  control    ${url}/_mock`, `  inspector  ${url}/_mock/ui`);
  } else {
    lines.push("  control    off (--no-control)");
  }
  lines.push(`  scenarios  ${names.length ? names.join(", ") : "none"}${host.root.options.builtin ? " (+ built-in magic values)" : ""}`);
  const clients = host.root.options.fixtures.clients;
  const merchant = clients.find((c) => c.type === "merchant");
  const reseller = clients.find((c) => c.type === "reseller");
  for (const [label, c] of [["merchant", merchant], ["reseller", reseller]] as const) {
    if (c) lines.push(`  ${label.padEnd(10)} Client-Id: ${c.id}  Api-Key: ${c.api_key}  (${c.dba})`);
  }
  const who = merchant ?? reseller;
  if (who) lines.push(`  try        curl -s ${url}/v1/transactions -H 'Api-Key: ${who.api_key}' -H 'Client-Id: ${who.id}'`);
  return lines;
}
