import { SimClock } from "../core/clock.js";
import { GatewayError } from "../core/errors.js";
import { IdFactory } from "../core/ids.js";
import { RandomStreams } from "../core/random.js";
import { DEFAULT_LIMITS, type Limits } from "./limits.js";
import { World, type WorldOptions } from "./world.js";

/** Default cap on live sandboxes: a clear 409 instead of an out-of-memory crash. */
export const DEFAULT_SANDBOX_LIMIT = 200;

/**
 * The worlds one server holds: the default world rooted at `/`, and sandboxes rooted at
 * `/sandboxes/{id}`, each a separate {@link World} with its own options.
 */
export class Host {
  #root: World;
  readonly #sandboxes = new Map<string, World>();
  /** Who watches worlds change (the inspector's live stream): called with the world's sandbox id. */
  readonly #watchers = new Set<(sandboxId: string | null) => void>();
  /** Sandbox ids: a stream of their own, seeded by the server seed, so a rerun gives the same ids. */
  readonly #sandboxIds: IdFactory;
  readonly limits: Limits;

  constructor(
    readonly options: WorldOptions,
    readonly sandboxLimit: number = DEFAULT_SANDBOX_LIMIT,
    limits: Partial<Limits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.#root = new World(options, this.limits);
    this.#sandboxIds = new IdFactory(new SimClock(options.clockStart, 0), new RandomStreams(`${options.seed}/sandboxes`));
  }

  /** The next sandbox id (`SANDBOX-<ulid>`), never one in use; 409 when the cap is reached. */
  nextSandboxId(): string {
    if (this.#sandboxes.size >= this.sandboxLimit) {
      throw new GatewayError("DUPLICATE_ACTION", {
        message: `At most ${this.sandboxLimit} sandboxes may exist at once; DELETE /_mock/sandboxes/{id} frees one.`,
        details: { sandboxes: `limit of ${this.sandboxLimit} reached` },
      });
    }
    let id = this.#sandboxIds.next("SANDBOX");
    while (this.#sandboxes.has(id)) id = this.#sandboxIds.next("SANDBOX");
    return id;
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
    // Without a seed: the world's start seed, not the one an earlier reset chose.
    const startSeed = old.options.startSeed ?? old.options.seed;
    const fresh = new World({ ...old.options, seed: seed ?? startSeed, startSeed }, this.limits);
    if (sandboxId === null) this.#root = fresh;
    else this.#sandboxes.set(sandboxId, fresh);
    return fresh;
  }

  /** Registers a sandbox world under `id`. */
  addSandbox(id: string, options: WorldOptions): World {
    const world = new World(options, this.limits);
    this.#sandboxes.set(id, world);
    return world;
  }

  /** Frees a sandbox and tells its watchers (its live streams end); false when there was none. */
  removeSandbox(id: string): boolean {
    if (!this.#sandboxes.delete(id)) return false;
    this.notify(id);
    return true;
  }

  /**
   * Calls `watcher` after anything but a `/v1` request changed a world (control writes, reset,
   * sandboxes). `/v1` requests are announced by each world's journal. Returns the function that stops it.
   */
  watch(watcher: (sandboxId: string | null) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  /** Tells the watchers that the world of `sandboxId` changed. */
  notify(sandboxId: string | null): void {
    for (const w of [...this.#watchers]) w(sandboxId);
  }

  /** Sandbox ids in creation order. */
  sandboxIds(): string[] {
    return [...this.#sandboxes.keys()];
  }
}
