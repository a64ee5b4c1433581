/**
 * The memory bounds of a host, one value per flag (src/config.ts, docs/reference/limits.md): each
 * world's journal and replay log, what a refused request keeps, and what a live stream may queue
 * for a reader that does not keep up. Host-wide, not world options: they are not part of a world's
 * story, so the replay header does not carry them.
 */
export interface Limits {
  /** Bytes of request journal per world (the entry count is the world option `journalLimit`). */
  journalBytes: number;
  /** Entries of replay log per world. */
  replayLogEntries: number;
  /** Bytes of replay log per world. */
  replayLogBytes: number;
  /** A refused request's body, and its query string, each kept up to this many bytes. */
  refusedKeep: number;
  /** Bytes of live events queued for one stream reader before it is disconnected. */
  streamBuffer: number;
}

export const DEFAULT_LIMITS: Limits = {
  journalBytes: 16 * 1024 * 1024,
  replayLogEntries: 1_000_000,
  replayLogBytes: 64 * 1024 * 1024,
  refusedKeep: 8 * 1024,
  streamBuffer: 1024 * 1024,
};

/** How much one world's journal keeps; the oldest entries leave first past either bound. */
export interface JournalBounds {
  entries: number;
  /** Bytes, counted as `Journal.bytes` does. */
  bytes: number;
}

export const DEFAULT_JOURNAL_BOUNDS: JournalBounds = { entries: 10_000, bytes: DEFAULT_LIMITS.journalBytes };
