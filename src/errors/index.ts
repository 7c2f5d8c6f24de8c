export * from "./build-error.js";
export * from "./catalogue.js";
export * from "./did-you-mean.js";
export * from "./zod-issues.js";
