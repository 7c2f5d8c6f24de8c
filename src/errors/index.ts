export * from "./build-error.js";
export * from "./did-you-mean.js";
export * from "./zod-issues.js";
