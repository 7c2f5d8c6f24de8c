/** The dev client (client/dev/dev-client.ts) bundled once per dev session, in memory. */
import { build } from "esbuild";

export async function bundleDevClient(root: string): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["client/dev/dev-client.ts"],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: ["es2020"],
    minify: true,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}
