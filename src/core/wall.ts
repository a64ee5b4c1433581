/**
 * Wall-clock reads for measuring real latency (the inspector's live stream and `--log` lines).
 * Kept in core like every other read of real time (DESIGN rule 4); nothing it returns may reach
 * the journal API or any answer, which must stay byte-identical across runs and replays.
 */

/**
 * A monotonic instant in milliseconds (fractional), for differences only. Not `performance.now()`:
 * on Node 20 the `performance` global loads node:perf_hooks at its first read, about 1 ms of a
 * start's first request; `process.hrtime()` costs the same per call (about 70 ns here).
 */
export function monotonicMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}

/** Milliseconds elapsed since `start` (a {@link monotonicMs} value), rounded to 0.01 ms. */
export function elapsedMs(start: number): number {
  return Math.round((monotonicMs() - start) * 100) / 100;
}
