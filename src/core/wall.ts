/**
 * Wall-clock reads for measuring real latency (the inspector's live stream and `--log` lines).
 * Kept in core like every other read of real time (DESIGN rule 4); nothing it returns may reach
 * the journal API or any answer, which must stay byte-identical across runs and replays.
 */

/** A monotonic instant in milliseconds (fractional), for differences only. */
export function monotonicMs(): number {
  return performance.now();
}

/** Milliseconds elapsed since `start` (a {@link monotonicMs} value), rounded to 0.01 ms. */
export function elapsedMs(start: number): number {
  return Math.round((performance.now() - start) * 100) / 100;
}
