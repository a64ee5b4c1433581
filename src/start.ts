import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { controlHelpers, type ControlHelpers } from "./control-helpers.js";
import { createDouble, type Double, type DoubleOptions } from "./index.js";

/**
 * `startDouble(options)`: a double listening on a port (a free one unless `port` is given), with
 * typed methods that call its own `/_mock` control API over HTTP, so they behave exactly as the
 * documented routes do.
 *
 * @example
 * const double = await startDouble({ seed: "42" });
 * await fetch(`${double.url}/v1/clients`, { headers: { "Api-Key": key, "Client-Id": id } });
 * expect(await double.requests.count({ operation: "createClient", status: 200 })).toBe(1);
 * await double.close();
 */
export interface StartOptions extends DoubleOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  hostname?: string;
}

export interface RunningDouble extends ControlHelpers {
  /** `http://127.0.0.1:<port>`: the integrator's `base_url`. */
  url: string;
  /** The in-process double behind the port (its host and app). */
  double: Double;
  close(): Promise<void>;
}

export async function startDouble(options: StartOptions = {}): Promise<RunningDouble> {
  const double = createDouble(options);
  const hostname = options.hostname ?? "127.0.0.1";
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: double.app.fetch, port: options.port ?? 0, hostname }, () => resolve(s));
    s.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;

  return {
    url,
    double,
    ...controlHelpers(url),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
