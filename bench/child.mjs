// Starts a server child of the benchmarks (bench/server.mjs in the given mode) with the node flags
// the product ships with, and talks to it over IPC: its port, its memory after a full GC, stop.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Node flags of every benchmarked server, the double's as `npm start` and the Docker image run it. */
export const SERVER_FLAGS = [];

const here = fileURLToPath(new URL(".", import.meta.url));

export function startServer(mode, env = {}) {
  const child = fork(`${here}server.mjs`, [mode], { execArgv: ["--expose-gc", ...SERVER_FLAGS], env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const next = (kind) => new Promise((resolve) => child.on("message", function on(m) { if (m.kind === kind) { child.off("message", on); resolve(m); } }));
  return {
    ready: next("ready").then((m) => m.port),
    memory: () => { const p = next("memory"); child.send("memory"); return p.then((m) => m.usage); },
    stop: () => new Promise((resolve) => { child.once("exit", resolve); child.send("stop"); }),
  };
}
