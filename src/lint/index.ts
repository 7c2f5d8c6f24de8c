/** The lint stage's entry (docs/bindings.md, docs/architecture.md "lint"): checks over a dataset, and over a partner's folder. */
export * from "./finding.js";
export { lintDataset, pageBindingWarnings } from "./lint-dataset.js";
export { lintPartner, type LintOptions, type LintResult } from "./lint-partner.js";
