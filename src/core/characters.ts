/**
 * The length of a string in characters (Unicode code points), the unit every limit of the spec counts
 * in. `String.length` counts UTF-16 units, so an emoji or any other astral-plane character would count
 * twice. zod's own `.max()` on strings counts the same way; this is for checks written by hand.
 */
export function characters(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    if ((s.charCodeAt(i) & 0xfc00) === 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n--;
      i++;
    }
  }
  return n;
}
