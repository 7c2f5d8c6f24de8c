/**
 * Bundles the browser client (client/main.ts) with esbuild into one content-hashed ES
 * module, in memory (write: false), so the atomic writer stays the only code that writes.
 * Deterministic: esbuild's output depends only on the sources, the options and the
 * working directory, which is pinned to the package root.
 */
import { build } from "esbuild";
import { hashAsset } from "./content-hash.js";
import type { OutputFile } from "./output-file.js";
import { packageRoot } from "./package-root.js";

export interface BundleClientOptions {
  /** Entry relative to the package root. Default 'client/main.ts'. */
  entry?: string;
  /** Default true. */
  minify?: boolean;
  /** Name of the output before the hash: assets/<name>.<hash>.js. Default 'main'. */
  name?: string;
  /** Package root; default: the folder of cinema-build's package.json. */
  root?: string;
}

export interface BundleClientResult {
  /** One file: 'assets/main.<8 hex>.js'. */
  files: OutputFile[];
  /** Its public URL, for the document's <script type="module" src>. */
  url: string;
}

export async function bundleClient(options: BundleClientOptions = {}): Promise<BundleClientResult> {
  const root = options.root ?? packageRoot();
  const result = await build({
    absWorkingDir: root,
    entryPoints: [options.entry ?? "client/main.ts"],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: ["es2020", "chrome87", "firefox78", "safari14"],
    minify: options.minify ?? true,
    sourcemap: false,
    legalComments: "none",
    charset: "utf8",
    outdir: "out",
    logLevel: "silent",
  });
  const output = result.outputFiles.find((file) => file.path.endsWith(".js"));
  if (!output) throw new Error(`esbuild produced no JavaScript for ${options.entry ?? "client/main.ts"}`);
  const contents = output.text;
  const filePath = `assets/${options.name ?? "main"}.${hashAsset(contents)}.js`;
  return { files: [{ path: filePath, contents }], url: `/${filePath}` };
}
