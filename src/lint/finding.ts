/** One lint finding (docs/bindings.md, cinema-build lint): where, what, and a way out. */
export interface LintFinding {
  severity: "error" | "warning";
  partner: number | string;
  pagePath?: string;
  blockId?: string;
  component?: string;
  /** Field path, e.g. 'bindings.events.item.title' or 'sources.productions.filter[1]'. */
  field?: string;
  message: string;
  /** A "did you mean" or what to do. */
  hint?: string;
}

export type FindingLocation = Omit<LintFinding, "severity" | "message" | "hint">;

/** Collects findings; the checks only say what and where. */
export class Findings {
  readonly list: LintFinding[] = [];
  error(location: FindingLocation, message: string, hint?: string): void {
    this.add("error", location, message, hint);
  }
  warning(location: FindingLocation, message: string, hint?: string): void {
    this.add("warning", location, message, hint);
  }
  private add(severity: LintFinding["severity"], location: FindingLocation, message: string, hint?: string): void {
    const finding: LintFinding = { severity, ...location, message };
    if (hint) finding.hint = hint;
    for (const key of Object.keys(finding) as (keyof LintFinding)[])
      if (finding[key] === undefined) delete finding[key];
    this.list.push(finding);
  }
}

const ORDER: (keyof LintFinding)[] = [
  "severity",
  "partner",
  "pagePath",
  "blockId",
  "component",
  "field",
  "message",
  "hint",
];

/** Stable order for CI: page, block, field, then message; errors before warnings at one place. */
function sortFindings(findings: readonly LintFinding[]): LintFinding[] {
  const key = (f: LintFinding) => [
    f.pagePath ?? "",
    f.blockId ?? "",
    f.field ?? "",
    f.severity === "error" ? "0" : "1",
    f.message,
  ];
  return [...findings].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
    return 0;
  });
}

/** JSON for CI annotations: sorted findings with keys in a fixed order, and counts. */
export function formatFindingsJson(findings: readonly LintFinding[]): string {
  const sorted = sortFindings(findings).map((f) =>
    Object.fromEntries(ORDER.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])),
  );
  const errors = findings.filter((f) => f.severity === "error").length;
  return `${JSON.stringify({ errors, warnings: findings.length - errors, findings: sorted }, null, 2)}\n`;
}

/** One line per finding ('error partner 178, page /x, block … (program), field …: message (hint)') and a summary. */
export function formatFindingsText(findings: readonly LintFinding[]): string {
  const lines = sortFindings(findings).map((f) => {
    const where = [`partner ${f.partner}`];
    if (f.pagePath) where.push(`page ${f.pagePath}`);
    if (f.blockId) where.push(`block ${f.blockId}${f.component ? ` (${f.component})` : ""}`);
    else if (f.component) where.push(`component ${f.component}`);
    if (f.field) where.push(`field ${f.field}`);
    return `${f.severity.padEnd(7)} ${where.join(", ")}: ${f.message}${f.hint ? ` (${f.hint})` : ""}`;
  });
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  lines.push(
    findings.length === 0
      ? "lint: no problems found"
      : `lint: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`,
  );
  return `${lines.join("\n")}\n`;
}
