import { parse } from "yaml";
import { shellQuote } from "./shell.js";

/**
 * How the docs runner checks a YAML block that is not a scenario: a GitHub Actions workflow, a
 * GitLab CI file or a docker compose file cannot run here, so each becomes the shell commands it
 * stands for: the paydouble service as a `docker run` (checked against the Dockerfile and started),
 * its health check command, and every job step's `run:`/`script:` line, in order.
 */
export type YamlKind = "scenario" | "fixtures" | "github-actions" | "gitlab-ci" | "compose";

export function yamlKind(doc: Record<string, unknown>): YamlKind | undefined {
  if (doc.version === 1 && typeof doc.name === "string") return "scenario";
  if (Array.isArray(doc.clients)) return "fixtures";
  if (doc.jobs && typeof doc.jobs === "object") return "github-actions";
  if (doc.services && typeof doc.services === "object" && !Array.isArray(doc.services)) return "compose";
  if (Object.values(doc).some((v) => typeof v === "object" && v !== null && "script" in v)) return "gitlab-ci";
  return undefined;
}

const ACTIONS = ["actions/checkout", "actions/setup-node", "actions/upload-artifact", "actions/cache"];
const isDouble = (image: unknown) => typeof image === "string" && /(^|\/)paydouble(:[\w.-]+)?$/.test(image);
type Obj = Record<string, any>;

function dockerRun(image: string, ports: unknown[], env: Obj, volumes: unknown[] = []): string {
  const args = ["docker", "run", "--rm"];
  for (const p of ports) args.push("-p", String(p));
  for (const [k, v] of Object.entries(env)) args.push("-e", `${k}=${v}`);
  for (const v of volumes) args.push("-v", String(v));
  return [...args, image].map(shellQuote).join(" ");
}

const envLines = (env: Obj | undefined) => Object.entries(env ?? {}).map(([k, v]) => `export ${k}=${shellQuote(String(v))}`);

/** The shell scripts a CI YAML block stands for, in order. */
export function ciScripts(kind: YamlKind, doc: Obj): string[] {
  if (kind === "github-actions") return Object.values(doc.jobs as Obj).flatMap(githubJob);
  if (kind === "gitlab-ci") return gitlab(doc);
  if (kind === "compose") return compose(doc);
  throw new Error(`no CI scripts for ${kind}`);
}

function githubJob(job: Obj): string[] {
  const out: string[] = [];
  const services = Object.values((job.services ?? {}) as Obj);
  const startsDouble = (job.steps ?? []).some((s: Obj) => /\bpaydouble\b/.test(s.run ?? ""));
  if (!services.some((s) => isDouble(s.image)) && !startsDouble) throw new Error("a workflow job without a paydouble service or step");
  for (const s of services.filter((s) => isDouble(s.image))) {
    out.push(dockerRun(s.image, s.ports ?? [], s.env ?? {}));
    if (s.options) out.push(`OPTS=${shellQuote(s.options.replace(/\n/g, " "))}\neval "set -- $OPTS"\nwhile [ $# -gt 0 ]; do if [ "$1" = --health-cmd ]; then sh -c "$2"; shift; fi; shift; done`);
  }
  for (const step of job.steps ?? []) {
    if (step.uses && !ACTIONS.some((a) => step.uses.startsWith(`${a}@`))) throw new Error(`unknown action ${step.uses}`);
    if (step.uses?.startsWith("actions/upload-artifact@")) out.push(`test -s ${shellQuote(step.with.path)}`);
    if (step.run) out.push([...envLines(step.env), step.run].join("\n"));
  }
  return out;
}

function gitlab(doc: Obj): string[] {
  const out: string[] = [];
  const jobs = Object.entries(doc).filter(([, v]) => v && typeof v === "object" && "script" in v);
  for (const [, job] of jobs as [string, Obj][]) {
    const vars = { ...(doc.variables ?? {}), ...(job.variables ?? {}) };
    const services = (job.services ?? doc.services ?? []).map((s: unknown) => (typeof s === "string" ? { name: s } : s));
    const doubles = services.filter((s: Obj) => isDouble(s.name));
    if (!doubles.length) throw new Error("a GitLab job without a paydouble service");
    const serviceEnv = Object.fromEntries(Object.entries(vars).filter(([k]) => /^(PAYDOUBLE_|PORT$|HOST$)/.test(k)));
    for (const s of doubles) out.push(dockerRun(s.name, ["127.0.0.1:4242:4242"], { ...serviceEnv, ...(s.variables ?? {}) }));
    const lines = [...(job.before_script ?? []), ...job.script, ...(job.after_script ?? [])];
    out.push([...envLines(vars), ...lines].join("\n"));
    for (const path of job.artifacts?.paths ?? []) out.push(`test -s ${shellQuote(path)}`);
  }
  return out;
}

function compose(doc: Obj): string[] {
  const out: string[] = [];
  const services = doc.services as Obj;
  for (const [name, s] of Object.entries(services) as [string, Obj][]) {
    for (const dep of Object.keys(s.depends_on ?? {})) if (!services[dep]) throw new Error(`${name} depends on unknown ${dep}`);
    const env = Array.isArray(s.environment) ? Object.fromEntries(s.environment.map((e: string) => e.split(/=(.*)/s))) : (s.environment ?? {});
    if (isDouble(s.image) || s.build === ".") {
      out.push(dockerRun("paydouble", s.ports ?? [], env, s.volumes ?? []));
      const test = s.healthcheck?.test;
      if (Array.isArray(test)) out.push(test[0] === "CMD-SHELL" ? test[1] : test.slice(1).map(shellQuote).join(" "));
      else if (typeof test === "string") out.push(test);
    } else if (s.command) out.push([...envLines(env), Array.isArray(s.command) ? s.command.map(shellQuote).join(" ") : s.command].join("\n"));
  }
  return out;
}

export function parseYaml(text: string): Obj {
  return parse(text) as Obj;
}
