import type { CtlContext } from "./commands.js";
import { UsageError } from "./http.js";

/**
 * Prints an answer: with `--json` (or with no human form) the control API's JSON as it came, pretty;
 * otherwise `human(value)`, a few lines a person reads (scripts pass `--json`).
 */
export function print<T>(ctx: CtlContext, value: T, human?: (v: T) => string): void {
  const text = typeof value === "string" ? value : ctx.flags.json || !human ? JSON.stringify(value, null, 2) : human(value);
  ctx.out.write(text.endsWith("\n") ? text : text + "\n");
}

/** The sub-command (`fallback` when none is given); usage error for anything else. */
export function sub(ctx: CtlContext, command: string, allowed: string[], fallback?: string): string {
  const word = ctx.args[0] ?? fallback;
  if (!word || !allowed.includes(word)) throw new UsageError(`${command} ${word ?? ""}: expected one of ${allowed.join(", ")}`.replace(/ :/, ":"));
  return word;
}

/** The n-th word after the command name, or a usage error naming what is missing. */
export function arg(ctx: CtlContext, n: number, what: string, form: string): string {
  const v = ctx.args[n];
  if (v === undefined) throw new UsageError(`${form}: missing ${what}`);
  return v;
}

/** A flag's string value, or undefined. */
export const flag = (ctx: CtlContext, name: string): string | undefined => (typeof ctx.flags[name] === "string" ? (ctx.flags[name] as string) : undefined);
