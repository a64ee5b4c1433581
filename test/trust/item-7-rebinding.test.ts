import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostRule } from "../../src/http/trust.js";
import { send } from "../hardening/socket.js";
import { merchant, snapshot, twins } from "./world-probe.js";

/**
 * Issue 21 item 7: DNS rebinding. A page on `rebind.attacker.example`, a name its owner points at
 * 127.0.0.1, sends `Host: rebind.attacker.example:PORT` and the matching `Origin`, so an Origin check
 * alone lets it through. Over a real socket: every /_mock route, the inspector and /v1, in the
 * default world and in a sandbox, is refused with 403, and the world stays byte for byte the twin's.
 */
let t: Awaited<ReturnType<typeof twins>>;
beforeAll(async () => {
  t = await twins();
});
afterAll(() => t.close());

/** Every documented control route (the control API's own document), ids filled in. */
async function controlCalls(): Promise<[string, string, string | undefined][]> {
  const doc = JSON.parse((await send(t.twin, "GET", "/_mock/control/openapi.json")).text) as { paths: Record<string, Record<string, unknown>> };
  const calls: [string, string, string | undefined][] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const filled = path.replace(/\{[^}]+\}/g, (p) => (p === "{id}" && path.startsWith("/_mock/sandboxes") ? t.sandbox : "x"));
    for (const method of Object.keys(ops)) calls.push([method.toUpperCase(), filled, method === "get" || method === "delete" ? undefined : '{"by":"P1D"}']);
  }
  return calls;
}

describe("item 7: a rebound Host reaches no world", () => {
  it("refuses every /_mock route, the inspector and /v1 with 403 naming the flag; nothing changes", async () => {
    const port = new URL(t.hostile.url).port;
    const attacker = { host: `rebind.attacker.example:${port}`, origin: `http://rebind.attacker.example:${port}` };
    const calls = await controlCalls();
    expect(calls.length).toBeGreaterThan(30);
    calls.push(["GET", "/", undefined], ["GET", "/_mock/ui", undefined], ["POST", "/v1/transactions", '{"type":"SALE"}'], ["GET", "/v1/transactions", undefined]);
    // The control doc is read from the twin only; the hostile double gets the same read first.
    await send(t.hostile, "GET", "/_mock/control/openapi.json");
    let refused = 0;
    for (const [method, path, body] of calls) {
      for (const root of ["", `/sandboxes/${t.sandbox}`]) {
        for (const headers of [attacker, { host: attacker.host }]) {
          const r = await send(t.hostile, method, root + path, { body, headers: { ...merchant, ...headers } });
          expect(r.status, `${method} ${root}${path}`).toBe(403);
          const envelope = JSON.parse(r.text);
          expect(envelope.error_code).toBe("UNAUTHORIZED_ACTION");
          expect(envelope.error_message).toContain("--allowed-hosts rebind.attacker.example");
          refused++;
        }
      }
    }
    expect(refused).toBe(calls.length * 4);
    expect(await snapshot(t.hostile, t.sandbox)).toEqual(await snapshot(t.twin, t.sandbox));
  });

  it("lets loopback names, IP literals and CI service names through without configuration", async () => {
    const port = new URL(t.twin.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, "LOCALHOST", `app.localhost:${port}`, "[::1]:4242", "10.1.2.3", "paydouble", "paydouble:4242", "db_1:80"]) {
      const r = await send(t.twin, "GET", "/_mock/health", { headers: { host } });
      expect(r.status, host).toBe(200);
    }
    // A same-origin page on an allowed name (the inspector itself) keeps working.
    const same = await send(t.twin, "GET", "/_mock/clock", { headers: { host: `localhost:${port}`, origin: `http://localhost:${port}` } });
    expect(same.status).toBe(200);
  });

  it("refuses other dotted names, a trailing-dot name and a malformed Host", async () => {
    for (const host of ["paydouble.", "ci.example.test", "localhost.attacker.example", "127.0.0.1.nip.io", "evil.com:4242"]) {
      const r = await send(t.twin, "GET", "/_mock/health", { headers: { host } });
      expect(r.status, host).toBe(403);
    }
    // Node itself answers 400 to a Host it cannot read: that request never reaches paydouble.
    for (const host of ["localhost:99999", "a:b:c"]) {
      expect((await send(t.twin, "GET", "/_mock/health", { headers: { host } })).status, host).not.toBe(200);
    }
  });
});

describe("item 7: --allowed-hosts", () => {
  it("adds names and domains; all turns the check off", () => {
    const rule = hostRule(["ci.example.test", ".corp.test", "proxy.test:8080"]);
    expect(["ci.example.test", "CI.example.test:4242", "corp.test", "a.b.corp.test:1", "proxy.test"].map(rule)).toEqual([true, true, true, true, true]);
    expect(["example.test", "xcorp.test", "ci.example.test.evil.com"].map(rule)).toEqual([false, false, false]);
    expect(hostRule(["all"])("anything.example")).toBe(true);
    expect(hostRule()("anything.example")).toBe(false);
  });

  it("is read from PAYDOUBLE_ALLOWED_HOSTS and the flag, listed in --help", async () => {
    const { parseCommand } = await import("../../src/cli/args.js");
    const fromEnv = parseCommand([], { PAYDOUBLE_ALLOWED_HOSTS: "a.test, .b.test" });
    expect(fromEnv.kind === "serve" && fromEnv.config.allowedHosts).toEqual(["a.test", ".b.test"]);
    const fromFlag = parseCommand(["--allowed-hosts", "c.test", "--allowed-hosts", "d.test,e.test"], { PAYDOUBLE_ALLOWED_HOSTS: "a.test" });
    expect(fromFlag.kind === "serve" && fromFlag.config.allowedHosts).toEqual(["c.test", "d.test", "e.test"]);
    expect(parseCommand(["--allowed-hosts", "http://x.test/"], {})).toMatchObject({ kind: "error", message: expect.stringContaining("--allowed-hosts") });
  });

  it("a listed name reaches the double over a socket", async () => {
    const { startDouble } = await import("../../src/start.js");
    const d = await startDouble({ allowedHosts: ["ci.example.test"] });
    try {
      expect((await send(d, "GET", "/_mock/health", { headers: { host: "ci.example.test:4242" } })).status).toBe(200);
      expect((await send(d, "GET", "/_mock/health", { headers: { host: "other.example.test" } })).status).toBe(403);
    } finally {
      await d.close();
    }
  });
});
