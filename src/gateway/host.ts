import { GatewayError } from "../core/errors.js";
import { World, type WorldOptions } from "./world.js";

/**
 * The worlds one server holds: the default world rooted at `/`, and sandboxes rooted at
 * `/sandboxes/{id}`, each a separate {@link World} with its own options.
 */
export class Host {
  #root: World;
  readonly #sandboxes = new Map<string, World>();

  constructor(readonly options: WorldOptions) {
    this.#root = new World(options);
  }

  /** The default world. */
  get root(): World {
    return this.#root;
  }

  /** The world of a sandbox id, or the default world for null; undefined for an unknown sandbox. */
  world(sandboxId: string | null): World | undefined {
    return sandboxId === null ? this.#root : this.#sandboxes.get(sandboxId);
  }

  /** Replaces a world by a fresh one built from its own options (and an optional new seed). */
  reset(sandboxId: string | null, seed?: string): World {
    const old = this.world(sandboxId);
    if (!old) throw new GatewayError("RESOURCE_NOT_FOUND", { message: "No such sandbox." });
    const fresh = new World(seed === undefined ? old.options : { ...old.options, seed });
    if (sandboxId === null) this.#root = fresh;
    else this.#sandboxes.set(sandboxId, fresh);
    return fresh;
  }

  /** Registers a sandbox world under `id`. */
  addSandbox(id: string, options: WorldOptions): World {
    const world = new World(options);
    this.#sandboxes.set(id, world);
    return world;
  }

  /** Frees a sandbox; false when there was none. */
  removeSandbox(id: string): boolean {
    return this.#sandboxes.delete(id);
  }

  /** Sandbox ids in creation order. */
  sandboxIds(): string[] {
    return [...this.#sandboxes.keys()];
  }
}
