import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { LABEL, podman, proof, REPO } from "./podman.js";

/**
 * The image built from the Dockerfile as it is (test/container/setup.ts), run as a user runs it:
 * published on loopback, under its own CMD. No step waits longer than its timeout; every container
 * is removed with its volumes (setup.ts checks none is left).
 */
const image = inject("image");
const built = inject("built");
const facts: string[] = [];
const DEMO = { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000", "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000", "content-type": "application/json" };
const CARD = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" };
const seconds = (ms: number) => (ms / 1000).toFixed(1);
let n = 0;

/** `podman run -d` with the test label, the port published on 127.0.0.1 (a free host port); the URL. */
async function start(args: string[], port = 4242, img = image): Promise<{ name: string; url: string; startedAt: number }> {
  const name = `paydouble-test-${process.pid}-${++n}`;
  const startedAt = performance.now();
  await podman(["run", "-d", "--name", name, "--label", `${LABEL}=1`, "-p", `127.0.0.1::${port}`, ...args, img]);
  const hostPort = (await podman(["port", name, String(port)])).stdout.trim().split("\n")[0];
  expect(hostPort).toMatch(/^127\.0\.0\.1:\d+$/);
  return { name, url: `http://${hostPort}`, startedAt };
}

/** Polls GET /_mock/health over the published port (not the engine's health status): ms until 200. */
async function healthy(c: { name: string; url: string; startedAt: number }, limitMs = 30_000): Promise<number> {
  for (;;) {
    const ok = await fetch(`${c.url}/_mock/health`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) return performance.now() - c.startedAt;
    if (performance.now() - c.startedAt > limitMs) throw new Error(`${c.name} not healthy in ${limitMs} ms:\n${(await podman(["logs", c.name], { allowFail: true })).stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const post = async (url: string, path: string, body: unknown) => {
  const res = await fetch(url + path, { method: "POST", headers: DEMO, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
/** `podman healthcheck run`: the image's HEALTHCHECK once (podman without systemd never runs it by itself); its exit code. */
const healthcheck = async (name: string) => (await podman(["healthcheck", "run", name], { timeoutS: 30, allowFail: true })).code;
const remove = (name: string) => podman(["rm", "-f", "-v", "-t", "2", name], { timeoutS: 30 });

afterAll(() => {
  const size = facts.find((f) => f.startsWith("image"));
  proof("1-container", `container (podman ${built.podman}, ${built.base}): ${built.how}, ${facts.filter((f) => f !== size).join(", ")}${size ? `, ${size}` : ""}`);
});

describe("the image, run with podman", () => {
  it("under its own CMD: healthy, a card AUTH and its capture, the HEALTHCHECK passing, user node, code cache accepted, stop in under 3 s with exit 0", async () => {
    const c = await start(["-e", "PAYDOUBLE_CODE_CACHE=report"]);
    facts.push(`healthy in ${seconds(await healthy(c))} s`);
    const auth = await post(c.url, "/v1/transactions", { type: "AUTH", amount: 4200, payment_method: CARD });
    expect(auth).toMatchObject({ status: 200, body: { result: "APPROVED", type: "AUTH" } });
    const capture = await post(c.url, `/v1/transactions/${auth.body.id}/capture`, { amount: 4200 });
    expect(capture).toMatchObject({ status: 200, body: { reference_transaction_id: auth.body.id } });
    facts.push("payment ok");
    // The image keeps its HEALTHCHECK only in the docker format (podman build --format docker).
    const inspect = async (field: string) => JSON.parse((await podman(["image", "inspect", "--format", `{{json .${field}}}`, image])).stdout);
    const config = await inspect("Config");
    expect((await inspect("Config.Healthcheck"))?.Test?.[0]).toBe("CMD");
    expect(await healthcheck(c.name)).toBe(0);
    facts.push("healthcheck ok");
    expect(config.User).toBe("node");
    expect((await podman(["exec", c.name, "node", "-e", "process.stdout.write(String(process.getuid()))"])).stdout).toBe("1000");
    facts.push("non-root");
    // No VOLUME: a run leaves no anonymous volume behind.
    expect(config.Volumes ?? {}).toEqual({});
    expect(JSON.parse((await podman(["inspect", "--format", "{{json .Mounts}}", c.name])).stdout)).toEqual([]);
    // `-t 3`: podman sends SIGKILL 3 s after SIGTERM, and the exit code would be 137; exit 0 proves the
    // server ended by itself within 3 s whatever podman's own overhead on a busy machine.
    const t0 = performance.now();
    await podman(["stop", "-t", "3", c.name], { timeoutS: 30 });
    const stopMs = performance.now() - t0;
    expect((await podman(["inspect", "--format", "{{.State.ExitCode}}", c.name])).stdout.trim()).toBe("0");
    facts.push(`stop ${seconds(stopMs)} s`);
    expect((await podman(["logs", c.name])).stderr).toContain("code cache: accepted\n");
    facts.push("code cache accepted");
    await remove(c.name);
    const bytes = Number((await podman(["image", "inspect", "--format", "{{.Size}}", image])).stdout);
    facts.push(`image ${Math.round(bytes / 1e6)} MB`);
  });

  it("PAYDOUBLE_PORT moves the server and the HEALTHCHECK with it (control API off too); the check fails where nothing answers", async () => {
    const c = await start(["-e", "PAYDOUBLE_PORT=5000", "-e", "PAYDOUBLE_NO_CONTROL=true"], 5000);
    await healthy(c);
    expect(await healthcheck(c.name)).toBe(0);
    const check = JSON.parse((await podman(["image", "inspect", "--format", "{{json .Config.Healthcheck.Test}}", image])).stdout) as string[];
    expect((await podman(["exec", "-e", "PAYDOUBLE_PORT=1", c.name, ...check.slice(1)], { allowFail: true })).code).toBe(1);
    await remove(c.name);
    facts.push("PAYDOUBLE_PORT ok");
  });

  it("--read-only --cap-drop=all --security-opt no-new-privileges: a card sale is approved", async () => {
    const c = await start(["--read-only", "--cap-drop=all", "--security-opt", "no-new-privileges"]);
    await healthy(c);
    expect(await post(c.url, "/v1/transactions", { type: "SALE", amount: 1000, payment_method: CARD })).toMatchObject({ status: 200, body: { result: "APPROVED" } });
    await remove(c.name);
    facts.push("read-only ok");
  });

  it("scenario files mounted by volume and baked into a derived image both shape answers", async () => {
    const declined = { status: 200, body: { result: "DECLINED", response_code: "51" } };
    const mounted = await start(["-v", `${REPO}/scenarios:/scenarios:ro`, "-e", "PAYDOUBLE_SCENARIOS=/scenarios/declines.yaml"]);
    await healthy(mounted);
    expect(await post(mounted.url, "/v1/transactions", { type: "SALE", amount: 5051, payment_method: CARD })).toMatchObject(declined);
    await remove(mounted.name);

    const context = mkdtempSync(join(tmpdir(), "paydouble-derived-"));
    const derived = `localhost/paydouble-derived:ci-test-${process.pid}`;
    try {
      copyFileSync(join(REPO, "scenarios", "declines.yaml"), join(context, "declines.yaml"));
      writeFileSync(join(context, "Dockerfile"), `FROM ${image}\nCOPY declines.yaml /scenarios/\nENV PAYDOUBLE_SCENARIOS=/scenarios/declines.yaml\n`);
      await podman(["build", "--format", "docker", "--pull=never", "--label", `${LABEL}=1`, "-t", derived, context], { timeoutS: 120 });
      const c = await start([], 4242, derived);
      await healthy(c);
      expect(await post(c.url, "/v1/transactions", { type: "SALE", amount: 5051, payment_method: CARD })).toMatchObject(declined);
      await remove(c.name);
    } finally {
      rmSync(context, { recursive: true, force: true });
      await podman(["rmi", "-f", derived], { timeoutS: 60, allowFail: true });
    }
    facts.push("scenarios by volume and derived image ok");
  });
});
