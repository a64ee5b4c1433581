import type { Host } from "../gateway/host.js";
import type { JournalEntry } from "../gateway/journal.js";
import type { World } from "../gateway/world.js";
import { CATALOGUE } from "./catalogue.js";
import { classify } from "./classify.js";
import { Conduct, retryKey, type Step } from "./conduct.js";
import { FINDING_KINDS, type EntryRef, type Finding, type FindingName } from "./findings.js";

/** What the pipeline hands over for each answered `/v1` request (after the journal recorded it). */
export interface Observation {
  sandboxId: string | null;
  world: World;
  entry: JournalEntry;
  url: string;
  body: unknown;
  /** The handler's wire answer, when it ran (also under a 502 answered after it). */
  result: unknown;
  /** The answer's text as sent (undefined: none). */
  answer: string | undefined;
  actingAs: string | undefined;
  clientIdHeader: string | undefined;
  /** Wall-clock instants (monotonic ms) of arrival and answer: for retry gaps only. */
  arrivedMs: number;
  answeredMs: number;
}

/** A reference to the entry that met an outcome or is cited by a finding, in the world it was in. */
export interface Cited extends EntryRef {
  world: string | null;
  /** The journal entry's control route while the entry is still there (not reset, deleted or dropped from the ring), else null. */
  link: string | null;
}

interface Ref extends EntryRef {
  world: string | null;
  epoch: number;
}

/** Outcomes met, keyed by the two halves of their id (`createTransaction` / `declined`): looked up with no string built. */
class MetSet {
  readonly #groups = new Map<string, Map<string, Ref>>();
  size = 0;

  /** Records `ref` unless the outcome was met already. */
  add(group: string, outcome: string, ref: () => Ref): void {
    let g = this.#groups.get(group);
    if (!g) this.#groups.set(group, (g = new Map()));
    if (g.has(outcome)) return;
    g.set(outcome, ref());
    this.size++;
  }

  get(id: string): Ref | undefined {
    const cut = id.indexOf("/");
    return this.#groups.get(id.slice(0, cut))?.get(id.slice(cut + 1));
  }

  clear(): void {
    this.#groups.clear();
    this.size = 0;
  }
}

/** One world's share (a sandbox, or the default world), kept across resets of that world. */
class WorldShare {
  /** Bumped when the world is reset (a new World object): seqs of an older epoch name no entry. */
  epoch = 0;
  readonly met = new MetSet();
  readonly findings = new Map<string, Finding & { world: string | null; epoch: number }>();
  readonly silenced = new Set<FindingName>();
  /** The last answer showing each client (what `updateClient` is compared with). */
  readonly clientViews = new Map<string, Ref>();
  conduct: Conduct;
  /** Weakly: a deleted sandbox's world (its store and journal) must be freed, its share kept. */
  #world: WeakRef<World>;

  constructor(
    readonly key: string | null,
    world: World,
  ) {
    this.#world = new WeakRef(world);
    this.conduct = this.#conduct();
  }

  /** Whether `world` is the world object this share has seen last (not a reset's replacement). */
  isCurrent(world: World | undefined): boolean {
    return world !== undefined && this.#world.deref() === world;
  }

  /** A new world object under the same key (a reset): the conduct checks start over. */
  renew(world: World): void {
    this.#world = new WeakRef(world);
    this.epoch++;
    this.conduct = this.#conduct();
    this.clientViews.clear();
  }

  #conduct(): Conduct {
    return new Conduct((kind, step, entries, message) => {
      const id = `${kind} ${step.client_id} ${step.operation}`;
      const known = this.findings.get(id);
      if (known) return void known.repeats++;
      if (this.findings.size >= FINDINGS_PER_WORLD) return;
      this.findings.set(id, { kind, client_id: step.client_id, operation: step.operation, message, entries, repeats: 0, world: this.key, epoch: this.epoch });
    });
  }
}

const FINDINGS_PER_WORLD = 500; // kinds x clients x operations; more are counted only by `repeats`

/**
 * Coverage and conduct for one server: per world (kept across resets) and for the whole run, every
 * world it ever had (a deleted sandbox's share stays). Fed once per answered `/v1` request with
 * O(1) work: no entry is kept, only the first entry that met each outcome, so a run far longer
 * than the journal's ring still reports what it met early.
 */
export class Verdict {
  readonly #worlds = new Map<string | null, WorldShare>();
  /** The run's first meeting of each outcome, whichever world it was in. */
  readonly #run = new MetSet();
  #requests = 0;
  /** The request being observed, and its entry's reference (built only when something keeps it). */
  #now: { o: Observation; share: WorldShare; ref: Ref | null } | null = null;
  readonly #ref = (): Ref => {
    const now = this.#now!;
    if (now.ref) return now.ref;
    const e = now.o.entry;
    return (now.ref = { seq: e.seq, request_id: e.request_id, at: e.at, method: e.method, path: e.path, status: e.status, world: now.o.sandboxId, epoch: now.share.epoch });
  };
  /** Bound once: classify calls it per outcome met, with no closure built per request. */
  readonly #met = (group: string, outcome: string): void => {
    this.#now!.share.met.add(group, outcome, this.#ref);
    this.#run.add(group, outcome, this.#ref);
  };

  constructor(readonly host: Host) {}

  observe(o: Observation): void {
    try {
      this.#observe(o);
    } finally {
      this.#now = null; // holds no request past its own observation
    }
  }

  #observe(o: Observation): void {
    this.#requests++;
    const share = this.#share(o.sandboxId, o.world);
    const e = o.entry;
    this.#now = { o, share, ref: null };
    const world = o.world;
    const actingAs = o.actingAs === undefined || o.actingAs === "" ? "none" : o.actingAs === o.clientIdHeader ? "self" : "other";
    const cut = e.status === 200 && o.answer !== undefined && o.answer.charCodeAt(o.answer.length - 1) !== 125;
    classify({ operation: e.operation, status: e.status, result: o.result, url: o.url, actingAsSelf: actingAs === "self", cut, world }, this.#met);
    // Most requests succeed, from a client with no failed request pending: nothing for the conduct checks.
    const clientOp = e.operation === "updateClient" || e.operation === "getClient" || e.operation === "createClient";
    if (e.status >= 200 && e.status < 400 && actingAs === "none" && !clientOp && !share.conduct.pendingFor(e.client_id)) return;
    const ref = this.#ref();
    const step: Step = {
      ref,
      operation: e.operation,
      client_id: e.client_id,
      key: retryKey(e.method, o.url),
      body: o.body,
      result: o.result,
      arrivedMs: o.arrivedMs,
      answeredMs: o.answeredMs,
      actingAs,
      callerIsMerchant: actingAs === "other" && world.state.clients.get(o.clientIdHeader ?? "")?.type === "merchant",
    };
    if (clientOp) this.#clientView(share, step, o);
    share.conduct.observe(step);
  }

  /** `updateClient`: which sent properties equal the client as last answered; then remember this answer. */
  #clientView(share: WorldShare, step: Step, o: Observation): void {
    const id = (o.result as { id?: unknown } | undefined)?.id;
    if (typeof id !== "string" || step.ref.status !== 200) return;
    const before = share.clientViews.get(id);
    if (step.operation === "updateClient" && before && o.body && typeof o.body === "object") {
      const seen = o.world.journal.get(before.seq)?.response as Record<string, unknown> | undefined;
      if (seen && typeof seen === "object") {
        const unchanged = Object.entries(o.body as Record<string, unknown>)
          .filter(([k, v]) => k in seen && JSON.stringify(seen[k]) === JSON.stringify(v))
          .map(([k]) => k);
        if (unchanged.length) Object.assign(step, { unchanged, unchangedFrom: before });
      }
    }
    share.clientViews.set(id, step.ref as Ref);
  }

  #share(key: string | null, world: World): WorldShare {
    let share = this.#worlds.get(key);
    if (!share) {
      this.#worlds.set(key, (share = new WorldShare(key, world)));
    } else if (!share.isCurrent(world)) {
      share.renew(world);
    }
    return share;
  }

  /** Outcome coverage of the whole run (`sandboxId` undefined) or of one world. */
  coverage(sandboxId?: string | null): CoverageReport {
    const scoped = sandboxId !== undefined;
    const met = scoped ? (this.#worlds.get(sandboxId)?.met ?? new MetSet()) : this.#run;
    const operations: CoverageReport["operations"] = [];
    for (const o of CATALOGUE) {
      let group = operations.at(-1);
      if (group?.operation !== o.operation) operations.push((group = { operation: o.operation, met: 0, outcomes: [] }));
      const by = met.get(o.id);
      if (by) group.met++;
      group.outcomes.push({ id: o.id, title: o.title, source: o.source, met: by !== undefined, by: by ? this.#cite(by) : null });
    }
    const total = CATALOGUE.length;
    return { scope: scoped ? "world" : "run", world: scoped ? sandboxId : null, worlds: this.#worlds.size, requests: this.#requests, met: met.size, outcomes: total, operations };
  }

  /** Conduct findings of the whole run or of one world (silenced kinds left out and counted). */
  audit(sandboxId?: string | null): AuditReport {
    const shares = sandboxId !== undefined ? [this.#worlds.get(sandboxId)].filter((s) => s !== undefined) : [...this.#worlds.values()];
    const findings: AuditReport["findings"] = [];
    const silenced: AuditReport["silenced"] = [];
    for (const share of shares) {
      for (const f of share.findings.values()) {
        if (share.silenced.has(f.kind)) continue;
        const kind = FINDING_KINDS[f.kind];
        findings.push({ kind: f.kind, title: kind.title, rule: kind.rule, spec: kind.spec, instead: kind.instead, world: f.world, client_id: f.client_id, operation: f.operation, message: f.message, repeats: f.repeats, entries: f.entries.map((r) => this.#cite({ ...r, world: f.world, epoch: f.epoch })) });
      }
      for (const kind of share.silenced) silenced.push({ world: share.key, kind, findings: [...share.findings.values()].filter((f) => f.kind === kind).length });
    }
    return { scope: sandboxId !== undefined ? "world" : "run", world: sandboxId ?? null, findings, silenced };
  }

  /** Silences (or, with `on` false, restores) a finding kind in one world. */
  silence(sandboxId: string | null, kind: FindingName, on = true): FindingName[] {
    let share = this.#worlds.get(sandboxId);
    const world = this.host.world(sandboxId);
    if (!share && world) this.#worlds.set(sandboxId, (share = new WorldShare(sandboxId, world)));
    if (!share) return [];
    if (on) share.silenced.add(kind);
    else share.silenced.delete(kind);
    return [...share.silenced];
  }

  /** The silenced kinds of one world. */
  silencedIn(sandboxId: string | null): FindingName[] {
    return [...(this.#worlds.get(sandboxId)?.silenced ?? [])];
  }

  /** Starts a new run: every world's coverage and findings forgotten (silences kept). */
  clear(): void {
    this.#run.clear();
    this.#requests = 0;
    for (const [key, share] of this.#worlds) {
      if (!this.host.world(key)) this.#worlds.delete(key);
      share.met.clear();
      share.findings.clear();
    }
  }

  #cite(r: Ref): Cited {
    const share = this.#worlds.get(r.world);
    const world = this.host.world(r.world);
    const live = share && world && share.isCurrent(world) && share.epoch === r.epoch && world.journal.get(r.seq)?.request_id === r.request_id;
    const prefix = r.world === null ? "" : `/sandboxes/${encodeURIComponent(r.world)}`;
    return { world: r.world, seq: r.seq, request_id: r.request_id, at: r.at, method: r.method, path: r.path, status: r.status, link: live ? `${prefix}/_mock/requests/${r.seq}` : null };
  }
}

export interface CoverageReport {
  scope: "run" | "world";
  world: string | null;
  /** Worlds that answered a request in this run (deleted sandboxes included). */
  worlds: number;
  /** `/v1` requests observed in this run. */
  requests: number;
  met: number;
  outcomes: number;
  operations: { operation: string; met: number; outcomes: { id: string; title: string; source: string; met: boolean; by: Cited | null }[] }[];
}

export interface AuditReport {
  scope: "run" | "world";
  world: string | null;
  findings: {
    kind: FindingName;
    title: string;
    rule: string;
    spec: string;
    instead: string;
    world: string | null;
    client_id: string | null;
    operation: string | null;
    message: string;
    repeats: number;
    entries: Cited[];
  }[];
  silenced: { world: string | null; kind: FindingName; findings: number }[];
}
