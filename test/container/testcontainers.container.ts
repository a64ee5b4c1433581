import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LABEL, podman, PODMAN_ENV, proof, REPO } from "./podman.js";

/**
 * `paydouble/testcontainers` (src/testcontainers/) against podman's Docker-compatible API, as an
 * integrator's test would use it with Docker. Ryuk (Testcontainers' reaper) cannot be pulled here,
 * so it is off and every container is stopped by the test; this VM has a /.dockerenv, so
 * Testcontainers would look for the host at the container gateway: TESTCONTAINERS_HOST_OVERRIDE.
 */
const image = inject("image");
const built = inject("built");
const dir = mkdtempSync(join(tmpdir(), "paydouble-podman-api-"));
const socket = join(dir, "podman.sock");
let service: ChildProcess;
const CARD = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" };

beforeAll(async () => {
  service = spawn("podman", ["system", "service", "--time=0", `unix://${socket}`], { env: PODMAN_ENV, stdio: "ignore" });
  for (let waited = 0; !existsSync(socket); waited += 100) {
    if (waited > 30_000 || service.exitCode !== null) throw new Error("podman system service did not open its socket in 30 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  Object.assign(process.env, { DOCKER_HOST: `unix://${socket}`, TESTCONTAINERS_RYUK_DISABLED: "true", TESTCONTAINERS_HOST_OVERRIDE: "127.0.0.1" });
});

afterAll(async () => {
  if (service.exitCode === null) {
    const gone = new Promise((r) => service.once("exit", r));
    service.kill("SIGTERM");
    const timer = setTimeout(() => service.kill("SIGKILL"), 5000);
    await gone;
    clearTimeout(timer);
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("PaydoubleContainer (Testcontainers) on podman's Docker API", () => {
  it("starts with a seed and a scenario file, published on loopback; the credentials and control helpers work; stop removes it", async () => {
    const { PaydoubleContainer } = await import("../../src/testcontainers/index.js");
    const t0 = performance.now();
    const double = await new PaydoubleContainer(image).withSeed("tc").withScenarios(join(REPO, "scenarios", "declines.yaml")).withLabels({ [LABEL]: "1" }).start();
    const ready = performance.now() - t0;
    const id = double.getId();
    let stop = 0;
    try {
      expect(double.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const bindings = JSON.parse((await podman(["inspect", "--format", "{{json .HostConfig.PortBindings}}", id])).stdout);
      expect(bindings["4242/tcp"]).toEqual([{ HostIp: "127.0.0.1", HostPort: String(double.getMappedPort(4242)) }]);
      expect(double.credentials.merchant).toEqual({
        clientId: "CLIENT-01JDEM0MERCHANT00000000000",
        apiKey: "pk_live_01JDEM0MERCHANTKEY00000000",
        headers: { "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000", "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000" },
      });
      const pay = async (amount: number) => {
        const res = await fetch(`${double.url}/v1/transactions`, {
          method: "POST",
          headers: { ...double.credentials.merchant.headers, "content-type": "application/json" },
          body: JSON.stringify({ type: "SALE", amount, payment_method: CARD }),
        });
        return (await res.json()) as { result: string; response_code: string };
      };
      expect(await pay(1000)).toMatchObject({ result: "APPROVED" });
      expect(await pay(5051)).toMatchObject({ result: "DECLINED", response_code: "51" }); // scenarios/declines.yaml
      expect(await double.requests.count({ operation: "createTransaction" })).toBe(2);
      expect(await double.reset()).toMatchObject({ status: "reset", seed: "tc" });
      expect(await double.requests.count()).toBe(0);
      expect(await double.clock.now()).toMatch(/^\d{4}-\d\d-\d\dT/);
    } finally {
      const t1 = performance.now();
      await double.stop();
      stop = performance.now() - t1;
    }
    expect((await podman(["ps", "-aq", "--filter", `id=${id}`])).stdout.trim()).toBe("");
    const version = JSON.parse(readFileSync(join(REPO, "node_modules/testcontainers/package.json"), "utf8")).version;
    proof(
      "2-testcontainers",
      `testcontainers (testcontainers ${version} on podman ${built.podman}'s Docker API): start to ready ${(ready / 1000).toFixed(1)} s, stop ${(stop / 1000).toFixed(1)} s, published on 127.0.0.1, seed and scenario file applied, control helpers ok, container removed`,
    );
  });
});
