import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBase, fromImage, KEEP, LABEL, podman, podmanVersion, releasedImage, WORK } from "./podman.js";

declare module "vitest" {
  export interface ProvidedContext {
    image: string;
    built: { podman: string; base: string; how: string };
  }
}

const ids = async (what: "volume" | "network") => (await podman([what, "ls", "-q"])).stdout.split("\n").filter(Boolean).sort();
let before: { volumes: string[]; networks: string[] };
let base = "";
let baseIsStandIn = false;
let image = "";

/** Builds the stand-in base (when needed) and the image (by the release script, then loaded) once for both test files. */
export async function setup(project: TestProject): Promise<void> {
  rmSync(join(WORK, "lines"), { recursive: true, force: true });
  const version = podmanVersion();
  before = { volumes: await ids("volume"), networks: await ids("network") };
  base = fromImage();
  const got = await ensureBase(base);
  baseIsStandIn = got.kind === "stand-in";
  const describeBase = baseIsStandIn ? `stand-in base ${base}: Node ${got.node} from the npm registry on busybox, no registry reachable` : `base ${base}`;
  const released = await releasedImage({ layers: KEEP });
  image = released.image;
  project.provide("image", image);
  project.provide("built", { podman: version, base: describeBase, how: `built in ${released.buildS.toFixed(0)} s (npm run release), loaded from its tarball in ${released.loadS.toFixed(0)} s` });
}

/** Removes every container the tests started (with its volumes), the images unless kept; prints the lines. */
export async function teardown(): Promise<void> {
  const left = (await podman(["ps", "-aq", "--filter", `label=${LABEL}`])).stdout.split("\n").filter(Boolean);
  if (left.length) await podman(["rm", "-f", "-v", "-t", "2", ...left], { timeoutS: 60 });
  const images = (await podman(["images", "-q", "--filter", `label=${LABEL}`])).stdout.split("\n").filter(Boolean);
  if (images.length) await podman(["rmi", "-f", ...new Set(images)], { timeoutS: 120, allowFail: true });
  if (!KEEP) {
    if (image) await podman(["rmi", "-f", image, image.replace(/:[^:]+$/, ":latest")], { timeoutS: 120, allowFail: true });
    if (baseIsStandIn) await podman(["rmi", "-f", base], { timeoutS: 120, allowFail: true });
  }
  const after = { volumes: await ids("volume"), networks: await ids("network") };
  const extra = [...after.volumes.filter((v) => !before.volumes.includes(v)), ...after.networks.filter((n) => !before.networks.includes(n))];
  const lines = (() => {
    try {
      return readdirSync(join(WORK, "lines")).sort().map((f) => readFileSync(join(WORK, "lines", f), "utf8")).join("");
    } catch {
      return "";
    }
  })();
  process.stdout.write(`\n${lines}`);
  if (extra.length) throw new Error(`the container tests left volumes or networks behind: ${extra.join(", ")}`);
}
