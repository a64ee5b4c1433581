#!/usr/bin/env node
// Start to first payment of images under their own CMD: `node bench/image-start.mjs IMAGE...`
// (BENCH_RUNS, default 10; BENCH_ENGINE, default podman when it is on PATH, else docker). For each
// run and each image, alternating: `create` a container published on a free 127.0.0.1 port (not
// timed), then time `start` until the first POST /v1/transactions answers 200 (polled every 5 ms);
// remove it. Then the same without the engine's share: in one idle container per image, the image's
// own CMD spawned by node inside it, timed from spawn to the first 200 payment. Prints the median,
// min and max per image.
import { execFileSync, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { median } from "./median.mjs";

const images = process.argv.slice(2);
if (!images.length) throw new Error("usage: node bench/image-start.mjs IMAGE...");
const runs = Number(process.env.BENCH_RUNS ?? 10);
const engine = process.env.BENCH_ENGINE ?? (spawnSync("podman", ["--version"]).status === 0 ? "podman" : "docker");
const sh = (args) => execFileSync(engine, args, { encoding: "utf8", timeout: 60_000 }).trim();
const freePort = () => new Promise((resolve) => { const s = createServer().listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); }); });
const body = JSON.stringify({ type: "SALE", amount: 1000, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" } });
const headers = { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000000", "Client-Id": "CLIENT-01JDEM0MERCHANT00000000000", "content-type": "application/json" };

async function once(image) {
  const port = await freePort();
  const id = sh(["create", "-p", `127.0.0.1:${port}:4242`, image]);
  try {
    const t0 = performance.now();
    sh(["start", id]);
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/v1/transactions`, { method: "POST", headers, body }).then((r) => r.status === 200, () => false);
      if (ok) return performance.now() - t0;
      if (performance.now() - t0 > 60_000) throw new Error(`${image}: no payment in 60 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    sh(["rm", "-f", "-v", id]);
  }
}

// Inside the container: spawn the CMD on port 4300, poll the payment every 5 ms, print the ms.
const inside = (cmd) => `const {spawn}=require("child_process");const t0=performance.now();
const c=spawn(${JSON.stringify(cmd[0])},${JSON.stringify([...cmd.slice(1)])},{env:{...process.env,PORT:"4300"},stdio:"ignore"});
const go=()=>fetch("http://127.0.0.1:4300/v1/transactions",{method:"POST",headers:${JSON.stringify(headers)},body:${JSON.stringify(body)}})
.then(r=>r.status===200,()=>false).then(ok=>ok?(console.log(performance.now()-t0),c.kill("SIGTERM")):setTimeout(go,5));go();`;

// An even count (the default 10) has two middle values: the median is their mean, not the upper one.
const report = (title, times) => {
  console.log(title);
  for (const [image, xs] of Object.entries(times)) console.log(`  ${image.padEnd(40)} median ${median(xs).toFixed(0)}  min ${Math.min(...xs).toFixed(0)}  max ${Math.max(...xs).toFixed(0)}`);
};
const times = Object.fromEntries(images.map((i) => [i, []]));
for (let r = 0; r < runs; r++) for (const image of images) times[image].push(await once(image));
report(`start to first payment, ${engine} start included, ${runs} runs each, alternating (ms):`, times);

const idle = Object.fromEntries(images.map((i) => [i, sh(["run", "-d", "--entrypoint", "sleep", i, "600"])]));
try {
  const cmds = Object.fromEntries(images.map((i) => [i, JSON.parse(sh(["image", "inspect", "--format", "{{json .Config.Cmd}}", i]))]));
  const within = Object.fromEntries(images.map((i) => [i, []]));
  for (let r = 0; r < runs; r++) for (const image of images) within[image].push(Number(sh(["exec", idle[image], "node", "-e", inside(cmds[image])])));
  report(`the image's CMD spawned inside its container to first payment, ${runs} runs each, alternating (ms):`, within);
} finally {
  sh(["rm", "-f", "-v", "-t", "0", ...Object.values(idle)]);
}
