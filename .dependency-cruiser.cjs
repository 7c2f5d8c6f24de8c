/**
 * The dependency rules of docs/architecture.md "Layers": `npm run lint:deps` (part of `npm test`).
 *
 * Every module of src/ and templates/ belongs to one layer of LAYERS; a module imports only
 * from its own layer or the layers below it (type-only imports too: a type is an arrow as well).
 * What runs in the browser (client/, src/isomorphic/, templates/islands/) imports nothing
 * Node-only, and client/ reaches src/ only through src/isomorphic/ (and src/model/'s types).
 * No cycles, not even through type-only imports.
 */

/** Lowest first. Each entry: the layer's name and the paths (regular expressions) it holds. */
const LAYERS = [
  ["isomorphic", ["^src/isomorphic/"]],
  ["shared utilities", ["^src/(shared|errors|log)/"]],
  ["model", ["^src/(model|hosts)/"]],
  ["query (the binding language)", ["^src/query/"]],
  ["load (config, fetch, validate)", ["^src/(config|fetch|validate)/", "^src/load\\.ts$"]],
  ["media", ["^src/media/"]],
  ["routes", ["^src/routes/"]],
  ["render (and templates)", ["^src/render/(?!stage/)", "^templates/"]],
  ["bind", ["^src/bind/"]],
  ["emit (site files and the writer)", ["^src/emit/"]],
  ["search, service worker, links", ["^src/(search|sw|links)/"]],
  // The render stage's machinery: bind each route, render it (threads, build cache), hand it to
  // the writer and the link checker, so it sits above the stages it drives.
  ["render stage (threads and build cache)", ["^src/render/stage/"]],
  ["lint", ["^src/lint/"]],
  [
    "recipe, dev session, local services",
    ["^src/(recipe|session|dev|api-server|member-server)/", "^src/(build|index)\\.ts$"],
  ],
  ["cli", ["^src/cli/"]],
];

/** Node's own modules, and the packages that only run on Node. */
const NODE_ONLY_PACKAGES = [
  "sharp",
  "pagefind",
  "workbox-build",
  "esbuild",
  "undici",
  "chokidar",
  "fast-glob",
  "commander",
  "debug",
  "p-limit",
  "html-to-text",
  "sanitize-html",
  "htmlparser2",
  "safe-regex2",
  "lru-cache",
];

const upward = LAYERS.slice(0, -1).map(([name, paths], index) => ({
  name: `layer: ${name}`,
  comment: `${name} imports only from its own layer or the layers below it (docs/architecture.md "Layers").`,
  severity: "error",
  from: { path: paths },
  to: { path: LAYERS.slice(index + 1).flatMap(([, above]) => above) },
}));
// The one exception: src/isomorphic/ may name src/model/'s types (type-only imports, erased from
// the browser bundles), as client/ may; "isomorphic: only isomorphic" forbids its code.
upward[0].to.pathNot = "^src/model/";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No module reaches itself through its imports, type-only imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...upward,
    {
      name: "layer: none",
      comment:
        "Every module of src/ and templates/ belongs to a layer of LAYERS: a new folder is placed in the table first.",
      severity: "error",
      from: { path: ["^src/", "^templates/"], pathNot: LAYERS.flatMap(([, paths]) => paths) },
      to: {},
    },
    {
      name: "browser: no Node",
      comment: "client/ and src/isomorphic/ run in the browser: no Node builtins and no Node-only package.",
      severity: "error",
      from: { path: ["^client/", "^src/isomorphic/", "^templates/islands/"] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "browser: no Node-only package",
      severity: "error",
      from: { path: ["^client/", "^src/isomorphic/", "^templates/islands/"] },
      to: { path: NODE_ONLY_PACKAGES.map((name) => `(^|/)node_modules/${name}/`) },
    },
    {
      name: "browser: src/ only through src/isomorphic/",
      comment: "The browser shares server code only through src/isomorphic/ (types of src/model/ may be named too).",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^src/", pathNot: "^src/isomorphic/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "browser: types of the model only",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^src/", pathNot: ["^src/isomorphic/", "^src/model/"], dependencyTypes: ["type-only"] },
    },
    {
      name: "isomorphic: only isomorphic",
      comment: "src/isomorphic/ is the floor: it imports only itself and packages (types of src/model/ may be named).",
      severity: "error",
      from: { path: "^src/isomorphic/" },
      to: {
        path: ["^src/", "^client/", "^templates/"],
        pathNot: "^src/isomorphic/",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "server: not the browser",
      comment: "src/ and templates/ never import client/: what both sides need lives in src/isomorphic/.",
      severity: "error",
      from: { path: ["^src/", "^templates/"] },
      to: { path: "^client/" },
    },
    {
      name: "client: not a stage",
      comment: "client/ may import templates/ only for the islands it hydrates (templates/islands/).",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^templates/", pathNot: "^templates/islands/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
