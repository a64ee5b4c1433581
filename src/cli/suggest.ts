import { editDistance } from "../core/nearest.js";

/**
 * Did-you-mean help for the command lines (`paydouble`, `paydouble ctl`): an unknown flag gets one
 * line naming it, the nearest known flag and where the full list is, instead of Node's parser text.
 */
export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
}

/** The first unknown flag in `argv` (before a `--`) as a one-line message, or null when all are known. */
export function unknownFlag(argv: string[], options: Record<string, OptionSpec>, help: string): string | null {
  const names = Object.keys(options);
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (token === "--") break;
    if (!token.startsWith("-") || token === "-") continue;
    const long = token.startsWith("--");
    const name = long ? token.slice(2).split("=")[0] : token.slice(1, 2);
    const known = long ? names.find((n) => n === name) : names.find((n) => options[n].short === name);
    if (known) {
      // A string flag's value is the next word unless given as --flag=value.
      if (options[known].type === "string" && !token.includes("=") && (long || token.length === 2)) i++;
      continue;
    }
    const near = long ? nearest(name, names) : undefined;
    return `unknown flag ${long ? `--${name}` : `-${name}`}${near ? ` (did you mean --${near}?)` : ""}; see ${help}`;
  }
  return null;
}

/** The known word closest to `typed`, when it is close enough to be what was meant. */
export function nearest(typed: string, known: readonly string[]): string | undefined {
  const ranked = known.map((k) => ({ k, d: editDistance(typed, k) })).sort((a, b) => a.d - b.d);
  const best = ranked.find((r) => closeTo(typed, r.k));
  return best?.k;
}

/** Within an edit distance of about a third of the word (at most 2), or a prefix of 3+ letters. */
export function closeTo(typed: string, known: string): boolean {
  if (typed.length >= 3 && (known.startsWith(typed) || typed.startsWith(known))) return true;
  return editDistance(typed, known) <= Math.max(1, Math.min(2, Math.floor(known.length / 3)));
}


/** Node's parseArgs error (after the unknown-flag check) as one short line, without its `--` advice. */
export function parseArgsProblem(e: unknown): string {
  const text = (e as Error).message;
  const flag = /'(-[^' ]+)/.exec(text)?.[1] ?? "a flag";
  if (/ambiguous/.test(text)) return `${flag}: a value starting with - must be given as ${flag}=VALUE`;
  if (/argument missing/.test(text)) return `${flag}: needs a value`;
  if (/does not take an argument/.test(text)) return `${flag}: takes no value`;
  return text.split("\n")[0];
}
