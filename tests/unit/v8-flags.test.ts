/** The build's V8 flags (src/recipe/v8-flags.ts): set for the process unless the operator gave them. */
import { afterEach, describe, expect, it, vi } from "vitest";

const setFlagsFromString = vi.fn();
vi.mock("node:v8", () => ({ setFlagsFromString }));
const { HEAP_GROWING_PERCENT, INTERRUPT_BUDGET, tuneV8 } = await import("../../src/recipe/v8-flags.js");

const execArgv = process.execArgv;
afterEach(() => {
  process.execArgv = execArgv;
  setFlagsFromString.mockClear();
});

describe("tuneV8", () => {
  it("bounds the heap growth and doubles V8's interrupt budget", () => {
    process.execArgv = [];
    tuneV8();
    expect(setFlagsFromString.mock.calls).toEqual([
      [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`],
      [`--interrupt-budget=${INTERRUPT_BUDGET}`],
    ]);
    expect(INTERRUPT_BUDGET).toBe(2 * 67_584);
  });

  it("leaves a flag the process was started with, in either spelling", () => {
    process.execArgv = ["--heap_growing_percent=100", "--interrupt-budget=1000"];
    tuneV8();
    expect(setFlagsFromString).not.toHaveBeenCalled();
    process.execArgv = ["--interrupt-budget-for-feedback-allocation=940"];
    tuneV8();
    expect(setFlagsFromString).toHaveBeenCalledTimes(2);
  });
});
