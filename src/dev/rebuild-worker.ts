/**
 * The dev loop's build thread (compiled to dist/dev-worker.js): holds the build session and
 * answers rebuild requests. A template change replaces the whole worker, so the new
 * templates are imported fresh; the build cache on disk keeps the pages whose inputs did not
 * change.
 */
import { parentPort } from "node:worker_threads";
import { createRebuildHost, type RebuildRequest } from "./run-rebuild.js";

process.env.NODE_ENV ??= "production";

const host = createRebuildHost((message) => parentPort?.postMessage(message));
parentPort?.on("message", (request: RebuildRequest) => void host.handle(request));
