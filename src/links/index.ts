export * from "./extract-links.js";
export * from "./link-checker.js";
export * from "./check-folder.js";
export * from "./broken-links-warning.js";
