import type { Handler, Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../http/env.js";
import type { SchemaRef } from "../core/lazy.js";

/**
 * The control API describes itself: each control file registers a route with `controlRoute`, which
 * adds it to hono and records its method, path, summary, description and schemas next to it. The
 * control OpenAPI document (`GET /_mock/control/openapi.json`, src/control/openapi.ts) is built from
 * those records, and test/control-openapi.test.ts fails when hono serves a route nobody described.
 */
export interface ControlAnswer {
  description: string;
  /** The JSON body's schema; absent for a non-JSON answer (`media`). */
  schema?: SchemaRef;
  /** Content type when not JSON (`text/html`, `application/x-ndjson`). */
  media?: string;
}

export interface ControlRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Hono path under `/_mock`, e.g. `/transactions/:id/ach-return`. */
  path: string;
  /** The group it is listed under (`clock`, `scenarios`, ...). */
  tag: string;
  summary: string;
  description: string;
  body?: SchemaRef;
  /** Body media types other than JSON (scenario files are YAML or JSON text). */
  bodyMedia?: string[];
  /** Whether the body may be left out (`POST /_mock/reset`). */
  bodyOptional?: boolean;
  query?: SchemaRef;
  /** Success answers by status. */
  answers: Record<number, ControlAnswer>;
  /** Error statuses (the gateway's envelope). */
  errors?: readonly number[];
}

const described = new WeakMap<Hono<AppEnv>, ControlRoute[]>();

/** Registers `handler` on `ctl` and records the route's description for the control document. */
export function controlRoute<P extends string>(ctl: Hono<AppEnv>, route: ControlRoute & { path: P }, handler: Handler<AppEnv, P>): void {
  ctl.on(route.method, route.path, handler);
  const list = described.get(ctl) ?? [];
  list.push(route);
  described.set(ctl, list);
}

/** The routes registered on `ctl` through `controlRoute`, in registration order. */
export function describedRoutes(ctl: Hono<AppEnv>): readonly ControlRoute[] {
  return described.get(ctl) ?? [];
}

/** Answers many control routes share. */
export const instant = z.string().meta({ description: "An ISO 8601 instant of the world's simulated clock." });
export const firedEvent = z.object({ at: instant, event: z.string(), subject: z.string() }).strict().meta({ id: "FiredEvent" });
