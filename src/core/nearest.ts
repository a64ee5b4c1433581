/** Did-you-mean help shared by the scenario checker, the control API and the command lines. */

/**
 * The candidate closest to `word` (case and `_`/`-` ignored, then edit distance), if close enough.
 * The distance is at least the difference in length, so a candidate whose length is further off
 * than the distance still worth knowing is skipped unread: the work is bounded by the candidates'
 * length, never by the word's (a 938 KB misspelling costs one pass over it, issue 21 item 12).
 */
export function nearest(word: string, candidates: readonly string[], distance = editDistance): string | null {
  const norm = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, "");
  const limit = Math.max(2, Math.floor(word.length / 3));
  const lower = word.toLowerCase();
  const normal = norm(word);
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    let d: number;
    if (norm(c) === normal) d = 0;
    else if (Math.abs(c.length - word.length) >= Math.min(bestD, limit + 1)) continue;
    else d = distance(lower, c.toLowerCase());
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best !== null && bestD <= limit ? best : null;
}

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}
