export * from "./build-error.js";
// Types only: the browser bundle reaches build-error.ts through src/render/grid.ts, and the
// catalogue's text has no place in it (import ERROR_CATALOGUE from ./catalogue.js).
export type { ErrorCode, ErrorEntry } from "./catalogue.js";
export * from "./did-you-mean.js";
export * from "./zod-issues.js";
