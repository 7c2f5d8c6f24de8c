import safeRegex from "safe-regex2";
import { BuildError, didYouMeanHint } from "../errors/index.js";
import { FilterOperatorSchema, ModelSchema, type Page } from "../model/index.js";
import { compileRegex, paramOf, regexSourceOf, routeParamFor } from "../query/index.js";
import { paramNamesOf } from "../routes/index.js";
import type { Findings, FindingLocation } from "./finding.js";
import { MODEL_SHAPES, isProblem, walkProperty } from "./model-shapes.js";

const MODELS: readonly string[] = ModelSchema.options;
const OPERATORS: readonly string[] = FilterOperatorSchema.options;
/** The parameter names the spec writes (3.3 filters, 2.6 paths); any of them means the page's one parameter. */
const SPEC_PARAM_NAMES: readonly string[] = ["production", "culture", "slug", "article"];

/**
 * Every source of a page (spec 3.3 "Source", "Filters"): a known model, known properties of that
 * model, valid operators, regexes that compile and cannot backtrack catastrophically, route
 * parameters the page path has. A detail page without a source that lists its routes is
 * reported by expandRoutes (src/lint/lint-dataset.ts routePaths), the check the build itself runs.
 */
export function lintSources(page: Page, partner: number, findings: Findings): void {
  const params = paramNamesOf(page.path);
  const seen = new Set<string>();
  page.sources.forEach((source, s) => {
    const at = (field: string): FindingLocation => ({ partner, pagePath: page.path, field: `sources[${s}]${field}` });
    if (seen.has(source.name)) findings.error(at(".name"), `two sources are named '${source.name}'`);
    seen.add(source.name);
    if (!MODELS.includes(source.model)) {
      findings.error(
        at(".model"),
        `unknown model '${source.model}'`,
        didYouMeanHint(source.model, MODELS) ?? `models: ${MODELS.join(", ")}`,
      );
      return;
    }
    source.filter.forEach((filter, f) => {
      const where = at(`.filter[${f}]`);
      const walked = walkProperty(MODEL_SHAPES[source.model], filter.property);
      if (isProblem(walked))
        findings.error(
          { ...where, field: `${where.field}.property` },
          `${source.model} has no property '${filter.property}': ${walked.message}`,
          walked.hint,
        );
      if (!OPERATORS.includes(filter.operator)) {
        findings.error(
          { ...where, field: `${where.field}.operator` },
          `unknown operator '${filter.operator}'`,
          didYouMeanHint(filter.operator, OPERATORS) ?? `operators: ${OPERATORS.join(", ")}`,
        );
        return;
      }
      const param = paramOf(filter.value);
      if (param !== null) {
        const meant = routeParamFor(param, params);
        if (meant !== null && meant !== param && !SPEC_PARAM_NAMES.includes(param)) {
          findings.warning(
            { ...where, field: `${where.field}.value` },
            `'@${param}' is read as this page's route parameter ':${meant}'`,
            `write '@${meant}' to say so`,
          );
        }
        if (meant === null) {
          const hint =
            didYouMeanHint(param, params) ??
            (params.length
              ? `this page's parameters: ${params.map((p) => `@${p}`).join(", ")}`
              : `the path '${page.path}' has no parameters`);
          findings.error(
            { ...where, field: `${where.field}.value` },
            `route parameter '@${param}' does not exist on this page`,
            hint,
          );
        }
        return;
      }
      if (filter.operator === "regex")
        lintRegex(String(filter.value), { ...where, field: `${where.field}.value` }, findings);
      if (filter.operator === "eq" && Array.isArray(filter.value))
        findings.warning(
          { ...where, field: `${where.field}.value` },
          "'eq' compares one value; a list is treated like 'in'",
          "use the operator 'in'",
        );
    });
  });
}

/** Compiles the regex as the build does (src/query), so lint and build agree on what compiles. */
function lintRegex(pattern: string, location: FindingLocation, findings: Findings): void {
  try {
    compileRegex(pattern);
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    findings.error(location, error.message);
    return;
  }
  if (!safeRegex(regexSourceOf(pattern))) {
    findings.error(
      location,
      `the regex '${pattern}' can backtrack catastrophically (nested repetition)`,
      "rewrite it without a repeated group inside a repetition, e.g. '^(a|b)$'",
    );
  }
}
