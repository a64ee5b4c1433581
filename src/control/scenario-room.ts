import { GatewayError } from "../core/errors.js";
import type { Host } from "../gateway/host.js";
import type { World } from "../gateway/world.js";
import type { ScenarioFile } from "../scenarios/schema.js";
import { activeWeight, fileWeight, HOST_SCENARIO_BYTES, WORLD_SCENARIO_BYTES } from "../scenarios/weight.js";

/**
 * Room for scenario files (security review, defect 2): a load, a replace or a sandbox's files are
 * refused with 409 `DUPLICATE_ACTION` when the world's active files, or every world's together,
 * would weigh more than their bound (src/scenarios/weight.ts). 409, as for the sandbox cap: the
 * file is valid and loads once room is freed, so it is a conflict with the server's state, not a
 * bad request. Start files and the built-in values count but are never refused: they are the
 * operator's, loaded when a world is built (also on reset), never through these routes.
 */

/** Every world's active weight together (the default world and each sandbox). */
function hostWeight(host: Host): number {
  let sum = activeWeight(host.root.scenarios.active);
  for (const id of host.sandboxIds()) sum += activeWeight(host.world(id)?.scenarios.active ?? []);
  return sum;
}

/**
 * Throws 409 unless `adding` fits: in `world` (replacing its file named `replacing`), or, with
 * `world` null, as the files of a new sandbox (besides its built-in values, `builtin`).
 */
export function ensureRoom(host: Host, world: World | null, adding: readonly ScenarioFile[], replacing: string | null = null, builtin: ScenarioFile | null = null): void {
  const before = world ? activeWeight(world.scenarios.active) : 0;
  const gone = world && replacing !== null ? activeWeight(world.scenarios.active.filter((s) => s.file.name === replacing)) : 0;
  const after = before - gone + adding.reduce((sum, f) => sum + fileWeight(f), builtin ? fileWeight(builtin) : 0);
  if (after <= before) return; // a replace that shrinks always fits
  const what = adding.length === 1 ? adding[0]!.name : `${adding.length} files`;
  const free = world
    ? "DELETE /_mock/scenarios/{name} unloads a file, DELETE /_mock/scenarios or POST /_mock/reset goes back to the start set"
    : "DELETE /_mock/sandboxes/{id} frees a sandbox and its files";
  if (after > WORLD_SCENARIO_BYTES) {
    throw new GatewayError("DUPLICATE_ACTION", {
      message: `Loading ${what} would make this world's scenarios weigh ${after} bytes, past the ${WORLD_SCENARIO_BYTES} a world may hold; ${free}.`,
      details: { scenarios: `limit of ${WORLD_SCENARIO_BYTES} bytes per world reached (${after} with this file)` },
    });
  }
  const total = hostWeight(host) - before + after;
  if (total > HOST_SCENARIO_BYTES) {
    throw new GatewayError("DUPLICATE_ACTION", {
      message: `Loading ${what} would make the scenarios of every world weigh ${total} bytes, past the ${HOST_SCENARIO_BYTES} a server may hold; ${free}, or DELETE /_mock/sandboxes/{id} frees a sandbox.`,
      details: { scenarios: `limit of ${HOST_SCENARIO_BYTES} bytes across all worlds reached (${total} with this file)` },
    });
  }
}
