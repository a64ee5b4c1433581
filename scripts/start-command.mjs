// `npm start`'s command, read from package.json, for what starts paydouble as `npm start` does (the
// benches, the build's code-cache training, tests): `node [flags] <entry>`, the entry last.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * `flags`: node's flags with their values, paths made absolute under `root`; `entry`: the file, also
 * absolute; `v8Flags`: the flags left once the start-up snapshot's `--snapshot-blob <file>` (node's,
 * not V8's) is taken out, the ones a code cache must be trained under; `text`: the script as written.
 */
export function startCommand(root) {
  const text = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.start;
  const words = text.split(/\s+/);
  if (words[0] !== "node" || words.length < 2) throw new Error(`start script not understood: ${text}`);
  const abs = (w) => (w.startsWith("-") ? w : join(root, w));
  const flags = words.slice(1, -1).map(abs);
  const blob = flags.indexOf("--snapshot-blob");
  const v8Flags = blob < 0 ? flags : flags.filter((_, i) => i !== blob && i !== blob + 1);
  return { text, flags, entry: abs(words.at(-1)), v8Flags };
}
