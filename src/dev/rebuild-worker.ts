/**
 * The dev loop's build thread (compiled to dist/dev-worker.js): runs rebuilds on request.
 * A template change replaces the whole worker, so the new templates are imported fresh; the
 * build cache on disk keeps the pages whose inputs did not change.
 */
import { parentPort } from "node:worker_threads";
import { runRebuild, type DevBuildOptions } from "./run-rebuild.js";

process.env.NODE_ENV ??= "production";

parentPort?.on("message", (options: DevBuildOptions) => {
  void runRebuild(options).then((outcome) => parentPort?.postMessage(outcome));
});
