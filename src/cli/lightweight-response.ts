/**
 * What the CLI bundle's `Response` is (scripts/build-extras.mjs injects it for the name): the
 * adapter's lightweight response, which it writes to the socket without building undici's. The
 * adapter would put it in the global itself, which the CLI does not let it do (cli/deferred-web.ts).
 */
// @ts-expect-error: the bundle's copy of the adapter exports its class under this name (build-extras.mjs).
export { LightweightResponse as Response } from "@hono/node-server";
