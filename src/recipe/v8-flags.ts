/**
 * V8 flags the build sets for its own process (render workers included: V8 flags are
 * process-wide). Each is read by V8 as it goes (the heap growth at each full collection, the
 * interrupt budget whenever a function's budget is reset), so setting them at the start of
 * build() takes effect for the build's work. An operator's own flag on the command line wins.
 *
 * - Heap growth: V8's default grows an allocating thread's heap up to 4 times its live data:
 *   at 10,000 films the build thread kept ~200 MiB alive and held ~700 MiB, most of it garbage
 *   of routes already written (docs/performance.md "Memory"). At 50% it holds about 1.5 times
 *   its live data; the collections that costs are small against the render (10,000 films,
 *   2 workers: peak RSS 1,022 to 673 MiB, and no slower).
 * - Interrupt budget: how much bytecode a function runs before V8 considers optimizing it.
 *   A build is a short process whose hot code (the templates, React's renderer, the resolver)
 *   is warm after a few hundred pages; at twice V8's default it spends less time compiling
 *   code that is still changing shape: partner 178 1.27 -> 1.20 s, 2,000 films 9.48 -> 9.17 s,
 *   10,000 films unchanged (medians of interleaved runs, docs/performance.md).
 */
import { setFlagsFromString } from "node:v8";

/** Growth past the live heap, in percent (V8's --heap-growing-percent). */
export const HEAP_GROWING_PERCENT = 50;

/**
 * V8's --interrupt-budget: 132 KB, twice the default of Node 20's V8 11.3 (66 KB) and the value
 * later V8 versions (with Maglev on by default, Node 22) ship as their own default; there,
 * setting it changes nothing.
 */
export const INTERRUPT_BUDGET = 135_168;

/** Sets the build's V8 flags, each unless the process was started with it. */
export function tuneV8(): void {
  setUnlessGiven("heap-growing-percent", HEAP_GROWING_PERCENT);
  setUnlessGiven("interrupt-budget", INTERRUPT_BUDGET);
}

function setUnlessGiven(flag: string, value: number): void {
  const spellings = [`--${flag}`, `--${flag.replace(/-/g, "_")}`];
  if (process.execArgv.some((arg) => spellings.some((spelling) => arg === spelling || arg.startsWith(`${spelling}=`))))
    return;
  setFlagsFromString(`--${flag}=${value}`);
}
