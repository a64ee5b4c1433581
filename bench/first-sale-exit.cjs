// Preloaded (`node -r`) by bench/start-cost.mjs into the server it measures: once the first POST is
// answered it writes what the process used up to then (one JSON line on stderr) and exits, so a start
// is measured to its first answered payment and no further.
const http = require("node:http");

const end = http.ServerResponse.prototype.end;
http.ServerResponse.prototype.end = function (...args) {
  const result = end.apply(this, args);
  if (this.req?.method === "POST") {
    const use = process.resourceUsage();
    const memory = process.memoryUsage();
    const used = { pageFaults: use.minorPageFault, cpuMs: (use.userCPUTime + use.systemCPUTime) / 1000, rssMB: memory.rss / 2 ** 20, heapUsedMB: memory.heapUsed / 2 ** 20 };
    process.stderr.write(`first-sale ${JSON.stringify(used)}\n`);
    setImmediate(() => process.exit(0));
  }
  return result;
};
