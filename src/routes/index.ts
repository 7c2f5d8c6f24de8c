export * from "./route.js";
export * from "./route-files.js";
export * from "./expand-routes.js";
export * from "./article-aliases.js";
