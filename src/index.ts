/** Programmatic API: everything the CLI does is one call here. */
export { build, summarise, type BuildOptions, type BuildResult } from "./build.js";
export { startDev as dev, startPreviewServer as preview } from "./dev/index.js";
export { loadDataset } from "./load.js";
export { lintPartner as lint, type LintOptions, type LintResult } from "./lint/index.js";
export { buildPartners, type BuildPartnersOptions, type PartnerOutcome } from "./recipe/build-partners.js";
