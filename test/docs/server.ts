import { spawn, type ChildProcess } from "node:child_process";

/** A built `paydouble` server on a free port of 127.0.0.1, as `npx paydouble` starts it. */
export interface PageServer {
  port: number;
  url: string;
  /** Everything the server printed so far (its banner, then any log lines). */
  output(): string;
  stop(): Promise<void>;
}

export function startServer(cli: string, args: string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<PageServer> {
  const child = spawn(process.execPath, [cli, ...args, "--port", "0", "--host", "127.0.0.1"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error(`no listening line in 15 s: ${out}`))), 15_000);
    child.stderr!.on("data", (d) => (out += d));
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      const port = Number(m[1]);
      resolve({ port, url: `http://127.0.0.1:${port}`, output: () => out, stop: () => stop(child) });
    });
    child.once("exit", (code) => (clearTimeout(timer), reject(new Error(`exited ${code} before listening: ${out}`))));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => (clearTimeout(timer), resolve()));
    child.kill("SIGTERM");
  });
}
