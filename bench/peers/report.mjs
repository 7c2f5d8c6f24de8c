// The one JSON line a peer's run prints for scripts/bench-peers.ts (as scripts/bench-child.ts does).
import { rmSync } from "node:fs";

/** A clean run: no output left from an earlier one. */
export function clean(out) {
  rmSync(out, { recursive: true, force: true });
}

export function report(result) {
  const usage = process.resourceUsage();
  console.log(
    JSON.stringify({
      ...result,
      cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
      peakRssMiB: Math.round(usage.maxRSS / 1024),
    }),
  );
}
