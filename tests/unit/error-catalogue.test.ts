/**
 * The error catalogue (src/errors/catalogue.ts) is the one list of error codes: every code the
 * source names is in it, every code in it is used, every BuildError cinema-build makes names its
 * code (none falls back to E_BUILD), and docs/errors.md is what `npm run docs:errors` writes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ERROR_DOCS_PATH, renderErrorDocs } from "../../scripts/error-docs.js";
import { ERROR_CATALOGUE } from "../../src/errors/catalogue.js";

const ROOTS = ["src", "client", "templates", "scripts"];
const CODE = /^E_[A-Z][A-Z0-9_]*$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

const sources = ROOTS.flatMap(sourceFiles).map(parse);

/** Every string literal in the source that reads like an error code. */
function usedCodes(): Set<string> {
  const used = new Set<string>();
  for (const source of sources) {
    walk(source, (node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && CODE.test(node.text))
        used.add(node.text);
    });
  }
  return used;
}

const where = (source: ts.SourceFile, node: ts.Node) =>
  `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;

/** `new BuildError(message, location, { code, … })`: the options object names a code. */
function namesCode(node: ts.NewExpression): boolean {
  const options = node.arguments?.[2];
  return (
    !!options &&
    ts.isObjectLiteralExpression(options) &&
    options.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === "code")
  );
}

describe("error catalogue", () => {
  it("lists every code the source uses, and uses every code it lists", () => {
    const used = usedCodes();
    const listed = new Set(Object.keys(ERROR_CATALOGUE));
    expect([...used].filter((code) => !listed.has(code)).sort()).toEqual([]);
    expect([...listed].filter((code) => !used.has(code)).sort()).toEqual([]);
  });

  it("gives every BuildError of cinema-build its own code (none falls back to E_BUILD)", () => {
    const without: string[] = [];
    for (const source of sources.filter((s) => s.fileName.startsWith("src"))) {
      walk(source, (node) => {
        if (ts.isNewExpression(node) && node.expression.getText(source) === "BuildError" && !namesCode(node))
          without.push(where(source, node));
        if (
          ts.isCallExpression(node) &&
          node.expression.getText(source) === "issuesToBuildErrors" &&
          node.arguments.length < 3
        )
          without.push(where(source, node));
      });
    }
    expect(without).toEqual([]);
  });

  it("has a title, a message and a hint for every code", () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(code).toMatch(CODE);
      expect([entry.title, entry.message, entry.hint].every((text) => text.trim().length > 0)).toBe(true);
    }
  });

  it("is what docs/errors.md says (npm run docs:errors writes it)", () => {
    expect(readFileSync(ERROR_DOCS_PATH, "utf8")).toBe(renderErrorDocs());
  });
});
