export * from "./preview-server.js";
