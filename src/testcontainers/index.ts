import { basename } from "node:path";
import { AbstractStartedContainer, GenericContainer, Wait, type StartedTestContainer } from "testcontainers";
import { controlHelpers, type ControlHelpers } from "../control-helpers.js";

/**
 * `paydouble/testcontainers`: the paydouble image as a Testcontainers module, in the style of
 * `PostgreSqlContainer`: configure, `start()`, read the URL and credentials off the started
 * container. `testcontainers` is an optional peer dependency of paydouble: only code that imports
 * this entry needs it (docs/reference/decisions.md "Testcontainers module").
 *
 * @example
 * const double = await new PaydoubleContainer("paydouble:latest").withSeed("ci").withScenarios("scenarios/declines.yaml").start();
 * await fetch(`${double.url}/v1/transactions`, { method: "POST", headers: double.credentials.merchant.headers, body });
 * expect(await double.requests.count({ status: 200 })).toBe(1);
 * await double.stop();
 */
const PORT = 4242;
/** Where scenario files are copied in the container (the image reads them from PAYDOUBLE_SCENARIOS). */
const SCENARIOS_DIR = "/scenarios";

export interface Credentials {
  clientId: string;
  apiKey: string;
  /** `{ "Client-Id", "Api-Key" }`, ready to spread into a request's headers. */
  headers: { "Client-Id": string; "Api-Key": string };
}

export class PaydoubleContainer extends GenericContainer {
  private readonly scenarios: string[] = [];
  private hostIp = "127.0.0.1";

  /** @param image the paydouble image to run: `docker load` a release tarball or build one (README "Get it"). */
  constructor(image = "paydouble:latest") {
    super(image);
    this.withExposedPorts(PORT).withWaitStrategy(Wait.forHttp("/_mock/health", PORT).forStatusCode(200)).withStartupTimeout(60_000);
  }

  /** The world's seed (`PAYDOUBLE_SEED`): same seed and requests, same bytes. */
  withSeed(seed: string | number): this {
    return this.withEnvironment({ PAYDOUBLE_SEED: String(seed) });
  }

  /** Scenario files on this machine, copied into the container and loaded at start, in order. */
  withScenarios(...files: string[]): this {
    for (const file of files) {
      const target = `${SCENARIOS_DIR}/${this.scenarios.length}-${basename(file)}`;
      this.withCopyFilesToContainer([{ source: file, target, mode: 0o644 }]);
      this.scenarios.push(target);
    }
    return this.withEnvironment({ PAYDOUBLE_SCENARIOS: this.scenarios.join(",") });
  }

  /**
   * The host address the port is published on: 127.0.0.1 (the default), since the control API
   * needs no key; give another only for an engine on another machine.
   */
  withHostIp(ip: string): this {
    this.hostIp = ip;
    return this;
  }

  override async start(): Promise<StartedPaydoubleContainer> {
    // withExposedPorts publishes on every interface; bind the same random port on one address only.
    this.hostConfig.PortBindings = { ...this.hostConfig.PortBindings, [`${PORT}/tcp`]: [{ HostIp: this.hostIp, HostPort: "0" }] };
    const started = await super.start();
    const url = `http://${started.getHost()}:${started.getMappedPort(PORT)}`;
    const res = await fetch(`${url}/_mock/fixtures`);
    const { clients } = (await res.json()) as { clients: { id: string; api_key: string; type: string }[] };
    const of = (type: string): Credentials => {
      const c = clients.find((x) => x.type === type)!;
      return { clientId: c.id, apiKey: c.api_key, headers: { "Client-Id": c.id, "Api-Key": c.api_key } };
    };
    return new StartedPaydoubleContainer(started, url, { merchant: of("merchant"), reseller: of("reseller") });
  }
}

/** A running paydouble container: its URL, the demo credentials and the typed `/_mock` helpers `startDouble()` gives. */
export class StartedPaydoubleContainer extends AbstractStartedContainer implements ControlHelpers {
  readonly clock: ControlHelpers["clock"];
  readonly scenarios: ControlHelpers["scenarios"];
  readonly requests: ControlHelpers["requests"];
  readonly reset: ControlHelpers["reset"];
  readonly coverage: ControlHelpers["coverage"];
  readonly checkCoverage: ControlHelpers["checkCoverage"];
  readonly audit: ControlHelpers["audit"];
  readonly trigger: ControlHelpers["trigger"];

  constructor(
    started: StartedTestContainer,
    /** `http://<host>:<mapped port>`: the integrator's `base_url`. */
    readonly url: string,
    /** The world's demo merchant and reseller (`GET /_mock/fixtures`). */
    readonly credentials: { merchant: Credentials; reseller: Credentials },
  ) {
    super(started);
    const helpers = controlHelpers(url);
    ({ clock: this.clock, scenarios: this.scenarios, requests: this.requests, reset: this.reset, trigger: this.trigger } = helpers);
    ({ coverage: this.coverage, checkCoverage: this.checkCoverage, audit: this.audit } = helpers);
  }
}
