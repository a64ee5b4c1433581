import { SimClock } from "../core/clock.js";
import { IdFactory } from "../core/ids.js";
import { RandomStreams } from "../core/random.js";
import { Scheduler, type ScheduledEvent } from "../core/scheduler.js";
import { ScenarioEngine } from "../scenarios/engine.js";
import { ChangeLog, type ChangeEntry } from "./changes.js";
import { EVENT_HANDLERS } from "./events.js";
import { loadFixtures, type Fixtures } from "./fixtures.js";
import { Journal } from "./journal.js";
import { defaultQuirks, type Quirks } from "./quirks.js";
import { createState, type WorldState } from "./state.js";

/** Everything a world is built from; `reset` builds a new world from the same options. */
export interface WorldOptions {
  seed: string;
  fixtures: Fixtures;
  /** Simulated start instant (epoch ms). */
  clockStart: number;
  /** Simulated time added per gateway request (ms). */
  tickMs: number;
  quirks?: Partial<Quirks>;
  /** Capacity of the request journal ring. */
  journalLimit?: number;
}

/** An event that fired while the clock moved. */
export interface FiredEvent {
  at: string;
  event: string;
  subject: string;
}

/**
 * One simulated gateway: seeded clock, random streams, ids, scheduler, store, scenario engine and
 * journal. All mutable state of a world lives here (DESIGN rule 5); a reset replaces the whole
 * object, so nothing is ever cleared field by field.
 */
export class World {
  readonly clock: SimClock;
  readonly random: RandomStreams;
  readonly ids: IdFactory;
  readonly scheduler = new Scheduler();
  readonly state: WorldState = createState();
  readonly journal: Journal;
  readonly quirks: Quirks;
  readonly scenarios = new ScenarioEngine();
  /** What changed this world, for `GET /_mock/journal/export` and replay (see changes.ts). */
  readonly changes = new ChangeLog();

  constructor(readonly options: WorldOptions) {
    this.random = new RandomStreams(options.seed);
    this.clock = new SimClock(options.clockStart, options.tickMs);
    this.ids = new IdFactory(this.clock, this.random);
    this.journal = new Journal(options.journalLimit ?? 10_000);
    this.quirks = { ...defaultQuirks(), ...options.quirks };
    loadFixtures(this, options.fixtures);
  }

  /** One gateway request arrived: add the tick and fire what fell due. */
  tick(): FiredEvent[] {
    return this.advanceTo(this.clock.now() + this.clock.tickMs);
  }

  /**
   * Moves the clock forward to `t`, firing every due event in (time, sequence) order with the clock
   * set to the event's own instant, so effects are stamped when they happen.
   */
  advanceTo(t: number): FiredEvent[] {
    const fired: FiredEvent[] = [];
    for (let e = this.scheduler.popDue(t); e; e = this.scheduler.popDue(t)) {
      if (e.at > this.clock.now()) this.clock.set(e.at);
      this.#fire(e);
      fired.push({ at: this.clock.iso(), event: e.event, subject: e.subject });
    }
    if (t > this.clock.now()) this.clock.set(t);
    return fired;
  }

  /**
   * Adds an entry to the replay log. HTTP requests are recorded by the pipeline (http/changes.ts);
   * anything that changes the world without an HTTP request must call this.
   */
  recordChange(entry: ChangeEntry): void {
    this.changes.record(entry);
  }

  #fire(e: ScheduledEvent): void {
    const handler = EVENT_HANDLERS[e.event];
    if (!handler) throw new Error(`no handler for scheduled event ${e.event}`);
    handler(this, e.payload as never);
  }
}
