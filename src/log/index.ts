export * from "./stage-timer.js";
export * from "./reporter.js";
