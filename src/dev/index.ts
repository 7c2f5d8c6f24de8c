export * from "./preview-server.js";
export { startDev, DevStartError, type DevOptions, type DevSession, type DevRebuild } from "./dev-session.js";
