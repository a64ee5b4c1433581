/** Did-you-mean help shared by the scenario checker, the control API and the command lines. */

/** The candidate closest to `word` (case and `_`/`-` ignored, then edit distance), if close enough. */
export function nearest(word: string, candidates: readonly string[]): string | null {
  const norm = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, "");
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = norm(c) === norm(word) ? 0 : editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best !== null && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
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
