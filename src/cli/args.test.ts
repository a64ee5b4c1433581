import { describe, expect, test } from "vitest";
import { parseCommand } from "./args.js";
import { editDistance } from "../core/nearest.js";
import { unknownFlag } from "./suggest.js";

/** Flags and environment -> what to do, and the errors people can act on (issue 15 item 5). */
describe("parseCommand", () => {
  test("an unknown flag: one line naming it, the nearest known flag, and --help", () => {
    expect(parseCommand(["--sed", "1"], {})).toEqual({ kind: "error", message: "unknown flag --sed (did you mean --seed?); see paydouble --help" });
    expect(parseCommand(["--journal-limt=5"], {})).toEqual({ kind: "error", message: "unknown flag --journal-limt (did you mean --journal-limit?); see paydouble --help" });
    expect(parseCommand(["--zzzzzz"], {})).toEqual({ kind: "error", message: "unknown flag --zzzzzz; see paydouble --help" });
    expect(parseCommand(["-x"], {})).toEqual({ kind: "error", message: "unknown flag -x; see paydouble --help" });
    expect(parseCommand(["--port"], {})).toEqual({ kind: "error", message: "--port: needs a value; see paydouble --help" });
    expect(parseCommand(["chek", "a.yaml"], {})).toMatchObject({ message: "unknown command: chek a.yaml (did you mean check?); see paydouble --help" });
  });

  test("a value starting with a dash: how to give it", () => {
    expect(parseCommand(["--seed", "-x-"], {})).toEqual({ kind: "error", message: "--seed: a value starting with - must be given as --seed=VALUE; see paydouble --help" });
    expect(parseCommand(["--seed=-x-"], {})).toMatchObject({ kind: "serve", config: { seed: "-x-" } });
    expect(parseCommand(["--realtime=yes"], {})).toEqual({ kind: "error", message: "--realtime: takes no value; see paydouble --help" });
  });

  test("a bad value from the environment names the variable; from a flag, the flag", () => {
    expect(parseCommand([], { PAYDOUBLE_LOG: "loud" })).toMatchObject({ kind: "error", message: expect.stringMatching(/^PAYDOUBLE_LOG: /) });
    expect(parseCommand(["--log", "loud"], {})).toMatchObject({ kind: "error", message: expect.stringMatching(/^--log: /) });
    expect(parseCommand([], { PAYDOUBLE_PORT: "70000" })).toMatchObject({ message: expect.stringMatching(/^PAYDOUBLE_PORT: /) });
    expect(parseCommand([], { PORT: "x" })).toMatchObject({ message: expect.stringMatching(/^PORT: /) });
    expect(parseCommand([], { PAYDOUBLE_CLOCK_START: "soon" })).toMatchObject({ message: expect.stringMatching(/^PAYDOUBLE_CLOCK_START: .*or now/) });
    expect(parseCommand([], { PAYDOUBLE_NO_CONTROL: "maybe" })).toEqual({ kind: "error", message: 'PAYDOUBLE_NO_CONTROL: "maybe" is not a boolean (true/false, 1/0, yes/no)' });
  });

  test("a --tick the simulated clock cannot hold names the limit, not the grammar", () => {
    expect(parseCommand(["--tick", "P20000Y"], {})).toEqual({ kind: "error", message: expect.stringContaining("--tick: P20000Y must be at most P10000Y") });
    expect(parseCommand(["--tick", "soon"], {})).toEqual({ kind: "error", message: expect.stringContaining("--tick: must be an ISO 8601 duration such as PT0.001S") });
  });

  test("PAYDOUBLE_PORT/PAYDOUBLE_HOST win over PORT/HOST; a flag wins over both", () => {
    const config = (argv: string[], env: Record<string, string>) => (parseCommand(argv, env) as { config: { port: number; host: string } }).config;
    expect(config([], { PORT: "1", HOST: "::1" })).toMatchObject({ port: 1, host: "::1" });
    expect(config([], { PORT: "1", PAYDOUBLE_PORT: "2", HOST: "h1", PAYDOUBLE_HOST: "h2" })).toMatchObject({ port: 2, host: "h2" });
    expect(config(["--port", "3", "--host", "h3"], { PORT: "1", PAYDOUBLE_PORT: "2", PAYDOUBLE_HOST: "h2" })).toMatchObject({ port: 3, host: "h3" });
    expect(config([], { PAYDOUBLE_PORT: "", PORT: "5" })).toMatchObject({ port: 5 });
  });

  test("list variables are trimmed; booleans accept true/false, 1/0, yes/no", () => {
    expect(parseCommand([], { PAYDOUBLE_SCENARIOS: " a.yaml , b.yaml ,, " })).toMatchObject({ config: { scenarios: ["a.yaml", "b.yaml"] } });
    expect(parseCommand([], { PAYDOUBLE_NO_CONTROL: "1", PAYDOUBLE_NO_BUILTIN: "yes", PAYDOUBLE_REALTIME: "TRUE" })).toMatchObject({ config: { control: false, builtin: false, realtime: true } });
    expect(parseCommand([], { PAYDOUBLE_NO_CONTROL: "0" })).toMatchObject({ config: { control: true } });
  });

  test("--clock-start now is kept as `now` (the entry point reads the wall clock once)", () => {
    expect(parseCommand(["--clock-start", "now"], {})).toMatchObject({ config: { clockStart: "now" } });
    expect(parseCommand(["--clock-start", "2026-01-01T00:00:00Z"], {})).toMatchObject({ config: { clockStart: Date.parse("2026-01-01T00:00:00Z") } });
  });

  test("ctl takes the rest of the line", () => {
    expect(parseCommand(["ctl", "--url", "http://x", "health"], {})).toEqual({ kind: "ctl", argv: ["--url", "http://x", "health"] });
  });
});

describe("suggestions", () => {
  test("edit distance", () => {
    expect(editDistance("seed", "sed")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  test("flags after -- are positionals, not unknown flags", () => {
    expect(unknownFlag(["--", "--what"], { a: { type: "boolean" } }, "x --help")).toBeNull();
  });
});
