export * from "./read-values.js";
export * from "./compile-filter.js";
export * from "./dataset-index.js";
export * from "./compile-source.js";
