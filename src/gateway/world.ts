import { SimClock, wallNow } from "../core/clock.js";
import { addDuration, MAX_INSTANT_MS, parseDuration } from "../core/duration.js";
import { IdFactory } from "../core/ids.js";
import { RandomStreams } from "../core/random.js";
import { Scheduler, type ScheduledEvent } from "../core/scheduler.js";
import { ScenarioEngine } from "../scenarios/engine.js";
import { checkScenarioInstants } from "../scenarios/instants.js";
import type { ScenarioFile } from "../scenarios/schema.js";
import { Activity, Watch } from "./activity.js";
import { ChangeLog, type ChangeEntry } from "./changes.js";
import { EVENT_HANDLERS, EVENT_SUBJECTS } from "./events.js";
import { loadFixtures, type Fixtures } from "./fixtures.js";
import { Journal } from "./journal.js";
import { DEFAULT_LIMITS, type Limits } from "./limits.js";
import { defaultQuirks, type QuirkName, type Quirks } from "./quirks.js";
import { createState, type WorldState } from "./state.js";
import type { TimelinePayload } from "./timeline.js";
import type { Transaction } from "./transactions/transaction.js";

/** Everything a world is built from; `reset` builds a new world from the same options. */
export interface WorldOptions {
  seed: string;
  /** The seed the world was created with; `reset` without a seed goes back to it. */
  startSeed?: string;
  fixtures: Fixtures;
  /** Simulated start instant (epoch ms). */
  clockStart: number;
  /** Simulated time added per gateway request (ms). */
  tickMs: number;
  quirks?: Partial<Quirks>;
  /** Capacity of the request journal ring. */
  journalLimit?: number;
  /** Scenario files given at creation, in load order (a later one takes precedence). */
  scenarios?: readonly ScenarioFile[];
  /** The built-in magic values, loaded last; null or absent with `--no-builtin`. */
  builtin?: ScenarioFile | null;
  /** Opt-in real-time mode: the clock follows wall time from its start instant. */
  realtime?: boolean;
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
  readonly scheduler = new Scheduler((event, key) => nameSubject(this, event, key));
  readonly state: WorldState = createState();
  readonly journal: Journal;
  readonly quirks: Quirks;
  readonly scenarios: ScenarioEngine;
  /** Real-time mode: wall time minus simulated time (ms); null when the clock is simulated. */
  #wallOffset: number | null = null;
  /** What changed this world, for `GET /_mock/journal/export` and replay (see changes.ts). */
  readonly changes: ChangeLog;
  /** Control actions and fired events with their effects, for the inspector (see activity.ts). */
  readonly activity: Activity;
  /**
   * The spec quirk that shaped the `/v1` answer being computed, for its journal entry. Set by the
   * services while a handler runs (synchronously: no other request runs in between), cleared before.
   */
  quirkNoted: QuirkName | null = null;

  constructor(
    readonly options: WorldOptions,
    limits: Limits = DEFAULT_LIMITS,
  ) {
    this.changes = new ChangeLog({ entries: limits.replayLogEntries, bytes: limits.replayLogBytes, refused: limits.refusedKeep });
    this.random = new RandomStreams(options.seed);
    this.clock = new SimClock(options.clockStart, options.tickMs);
    this.ids = new IdFactory(this.clock, this.random);
    this.journal = new Journal({ entries: options.journalLimit ?? 10_000, bytes: limits.journalBytes });
    this.activity = new Activity(Math.min(options.journalLimit ?? 10_000, 10_000));
    this.scenarios = new ScenarioEngine({
      start: options.scenarios ?? [],
      builtin: options.builtin ?? null,
      chance: this.random.stream("scenario-chance"),
    });
    this.quirks = defaultQuirks();
    this.applyScenarioQuirks();
    loadFixtures(this, options.fixtures);
    for (const file of options.scenarios ?? []) checkScenarioInstants(file, options.clockStart);
    for (const file of options.scenarios ?? []) this.scheduleTimeline(file);
    if (options.realtime) this.#wallOffset = wallNow() - this.clock.now();
  }

  /** One gateway request arrived: add the tick (or follow the wall clock) and fire what fell due. */
  tick(): FiredEvent[] {
    if (this.#wallOffset !== null) return this.followWallClock();
    // Saturates at the clock's last instant: a tick never takes a world past what it can show.
    return this.advanceTo(Math.min(this.clock.now() + this.clock.tickMs, MAX_INSTANT_MS));
  }

  /** Real-time mode: catch the simulated clock up with the wall clock (never back). */
  followWallClock(): FiredEvent[] {
    if (this.#wallOffset === null) return [];
    const fired = this.advanceTo(Math.max(this.clock.now(), wallNow() - this.#wallOffset));
    this.#wallOffset = wallNow() - this.clock.now();
    return fired;
  }

  /** Recomputes the quirk switches: all on, then the options, then the active scenarios' blocks. */
  applyScenarioQuirks(): void {
    Object.assign(this.quirks, defaultQuirks(), this.options.quirks, this.scenarios.quirkOverrides());
  }

  /** Schedules a file's `timeline:` entries: durations count from now, instants are absolute. */
  scheduleTimeline(file: ScenarioFile): void {
    for (const entry of file.timeline) {
      const d = parseDuration(entry.at);
      const at = d ? addDuration(this.clock.now(), d) : Date.parse(entry.at);
      const payload: TimelinePayload = { scenario: file.name, entry };
      this.scheduler.schedule(at, "timeline", entry.do, payload);
    }
  }

  /** Drops the pending timeline entries of the named scenarios (they were unloaded). */
  cancelTimeline(scenarios: ReadonlySet<string>): void {
    this.scheduler.cancel((e) => e.event === "timeline" && scenarios.has((e.payload as TimelinePayload).scenario));
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

  /** A service applied a quirk that changed this answer (the first one noted is kept). */
  noteQuirk(name: QuirkName): void {
    this.quirkNoted ??= name;
  }

  /** Whether a quirk is on, noted as shaping the answer when it is (for a quirk that always does when on). */
  applies(name: QuirkName): boolean {
    if (this.quirks[name]) this.noteQuirk(name);
    return this.quirks[name];
  }

  /**
   * Adds an entry to the replay log. HTTP requests are recorded by the pipeline (http/changes.ts);
   * anything that changes the world without an HTTP request must call this.
   */
  recordChange(entry: ChangeEntry): number {
    return this.changes.record(entry);
  }

  #fire(e: ScheduledEvent): void {
    const handler = EVENT_HANDLERS[e.event];
    if (!handler) throw new Error(`no handler for scheduled event ${e.event}`);
    const watched = this.#watched(e);
    const watch = watched && new Watch(watched);
    handler(this, e.payload as never);
    if (!watch) return;
    const effects = watch.effects();
    // Token expiries (one per vaulted card) show only when they did something to a payment.
    if (effects.length === 0 && !(e.event.startsWith("batch_") || e.event === "timeline")) return;
    const timeline = e.event === "timeline" ? (e.payload as TimelinePayload) : null;
    const title = timeline ? `timeline ${timeline.entry.do} (scenario ${timeline.scenario})` : `${e.event} ${e.subject}`;
    this.activity.add({ after_seq: this.journal.lastSeq, at: this.clock.iso(), kind: "event", title, status: null, effects });
  }

  /** The payments an event may change (watched to say what it did), or null for none. */
  #watched(e: ScheduledEvent): Iterable<Transaction> | null {
    const p = e.payload as { batchId?: string; transactionId?: string };
    if (p.batchId !== undefined) return this.state.batches.get(p.batchId)?.transactions ?? [];
    if (p.transactionId !== undefined) {
      const t = this.state.transactions.get(p.transactionId);
      return t ? [t] : [];
    }
    if (e.event === "timeline") return [...this.state.batches.values()].filter((b) => b.status !== "settled").flatMap((b) => [...b.transactions]);
    return null;
  }
}

/** The id an event scheduled with a number for its subject acts on (gateway/events.ts). */
function nameSubject(world: World, event: string, key: number): string {
  const name = EVENT_SUBJECTS[event];
  if (!name) throw new Error(`no subject name for scheduled event ${event}`);
  return name(world, key);
}
