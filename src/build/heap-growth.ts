/**
 * How far V8 lets a thread's heap grow past what the last full collection kept. Its default
 * grows an allocating thread's heap up to 4 times its live data: at 10,000 films the build
 * thread kept ~200 MiB alive and held ~700 MiB, most of it garbage of routes already written
 * (docs/performance.md "Memory"). At 50% it holds about 1.5 times its live data; the
 * collections that costs are small against the render (10,000 films, 2 workers: peak RSS
 * 1,022 to 673 MiB, and no slower).
 */
import { setFlagsFromString } from "node:v8";

/** Growth past the live heap, in percent (V8's --heap-growing-percent). */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets the growth for the whole process (render workers included): a V8 flag read at each
 * full collection, so it takes effect from the next one. The operator's own flag wins.
 */
export function boundHeapGrowth(): void {
  if (process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent") || arg.startsWith("--heap_growing_percent"))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
