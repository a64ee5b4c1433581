import { existsSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createHttpServer } from "./cli/http-server.js";
import { fixtureCredentials, type Fixtures } from "./gateway/fixtures.js";
import { control, worldHandle, type Credentials, type WorldHandle } from "./handle.js";
import { createDouble, type Double, type DoubleOptions } from "./index.js";
import type { ScenarioFile } from "./scenarios/schema.js";

/**
 * `startDouble(options)`: a double listening on a port (a free one unless `port` is given), with
 * typed methods that call its own `/_mock` control API over HTTP, so they behave exactly as the
 * documented routes do.
 *
 * @example
 * const double = await startDouble({ seed: "42" });
 * await fetch(`${double.url}/v1/clients`, { headers: double.merchant.headers });
 * expect(await double.requests.count({ operation: "listClients", status: 200 })).toBe(1);
 * await double.close();
 */
export interface StartOptions extends DoubleOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  hostname?: string;
}

export interface SandboxOptions {
  /** Default: the sandbox's id (or the `seed` of its first scenario file that has one). */
  seed?: string | number;
  /**
   * Loaded at its creation, in order: a shipped scenario's name (`declines`), a path to a file,
   * the text of a file (YAML or JSON) or a parsed file.
   */
  scenarios?: readonly (string | ScenarioFile)[];
  /** Clients and integrations to start with instead of the server's. */
  fixtures?: Fixtures;
}

/** A sandbox: a world of its own on the same server, with the same helpers at its own `url`. */
export interface Sandbox extends WorldHandle {
  id: string;
  /** `DELETE /_mock/sandboxes/{id}`: frees its world. */
  close(): Promise<void>;
}

export interface RunningDouble extends WorldHandle {
  /** The in-process double behind the port (its host and app). */
  double: Double;
  /** `POST /_mock/sandboxes`: a separate world (seed, clock, store, scenarios, journal) for one test or worker. */
  sandbox(options?: SandboxOptions): Promise<Sandbox>;
  close(): Promise<void>;
}

export async function startDouble(options: StartOptions = {}): Promise<RunningDouble> {
  const double = createDouble(options);
  const hostname = options.hostname ?? "127.0.0.1";
  const server = createHttpServer(double.app.fetch, hostname);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, hostname, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;

  const sandbox = async (o: SandboxOptions = {}): Promise<Sandbox> => {
    const body = { ...(o.seed !== undefined ? { seed: o.seed } : {}), ...(o.fixtures ? { fixtures: o.fixtures } : {}), ...(o.scenarios ? { scenarios: o.scenarios.map(scenarioEntry) } : {}) };
    const made = await control<{ id: string; base_url: string; clients: Omit<Credentials, "headers">[] }>(url, "POST", "/sandboxes", body);
    const close = async () => void (await control(url, "DELETE", `/sandboxes/${made.id}`));
    return Object.defineProperties(worldHandle(made.base_url, made.clients), {
      id: { value: made.id, enumerable: true },
      close: { value: close, enumerable: true },
    }) as Sandbox;
  };
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    });
  // defineProperties keeps the handle's `merchant` getter (a spread would read it once, and throw without one).
  return Object.defineProperties(worldHandle(url, fixtureCredentials(double.host.options.fixtures).clients), {
    double: { value: double, enumerable: true },
    sandbox: { value: sandbox, enumerable: true },
    close: { value: close, enumerable: true },
  }) as RunningDouble;
}

/** A sandbox's scenario as `POST /_mock/sandboxes` takes it: a name or a file's text. */
function scenarioEntry(s: string | ScenarioFile): string {
  if (typeof s !== "string") return JSON.stringify(s);
  // A path that exists is sent as the file's text; anything else as a name or inline text.
  return !/[\n:{]/.test(s) && existsSync(s) ? readFileSync(s, "utf8") : s;
}

export { type Credentials, type FiredEvent, type Resource, type WorldHandle } from "./handle.js";
