// Compiles the TypeScript CLI (src/ + templates/) into dist/ with esbuild, so that
// `npm install` on a fresh clone leaves `npx cinema-build` runnable. Dependencies stay
// external: they are resolved from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: {
    cli: "src/cli/main.ts",
    index: "src/index.ts",
    "render-worker": "src/render/stage/render-worker.ts",
    "file-writer-worker": "src/emit/file-writer-worker.ts",
    "dev-worker": "src/dev/rebuild-worker.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  jsx: "automatic",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
