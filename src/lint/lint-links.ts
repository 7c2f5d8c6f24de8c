import { didYouMeanHint } from "../errors/index.js";
import type { FooterColumn, MenuItem, Redirect } from "../model/index.js";
import type { Findings } from "./finding.js";

/** The paths a visitor can reach: every route, and every redirect's fromPath. */
export interface KnownPaths {
  routes: ReadonlySet<string>;
  redirects: ReadonlyMap<string, string>;
}

export const isInternal = (path: string) => path.startsWith("/") && !path.startsWith("//");
export const pathOnly = (href: string) => href.replace(/[?#].*$/, "") || "/";

/** A folder path is served as the folder's index.html, so '/om-kinoen/' reaches '/om-kinoen'. */
export function leadsSomewhere(href: string, known: KnownPaths): boolean {
  const path = pathOnly(href);
  return (
    known.routes.has(path) ||
    known.redirects.has(path) ||
    (path.length > 1 && path.endsWith("/") && known.routes.has(path.replace(/\/+$/, "")))
  );
}

/** The menu tree (spec 2.7, 3.2): unique ids, parents that exist, no cycles, internal paths that lead somewhere. */
export function lintMenu(menu: readonly MenuItem[], known: KnownPaths, partner: number, findings: Findings): void {
  lintMenuTree(menu, partner, findings);
  menu.forEach((item, i) => {
    if (isInternal(item.path) && !leadsSomewhere(item.path, known)) {
      findings.error(
        { partner, field: `theme.menu[${i}].path` },
        `menu item '${item.label}' links to '${item.path}', which is neither a page nor a redirect`,
        didYouMeanHint(pathOnly(item.path), [...known.routes, ...known.redirects.keys()]),
      );
    }
  });
}

/**
 * The menu's tree alone: unique ids, parents that exist, no cycles (the build warns with these
 * too: an item in a cycle, and all below it, is missing from every page).
 */
export function lintMenuTree(menu: readonly MenuItem[], partner: number, findings: Findings): void {
  const byId = new Map<string, MenuItem>();
  menu.forEach((item, i) => {
    if (byId.has(item.id))
      findings.error({ partner, field: `theme.menu[${i}].id` }, `two menu items have the id '${item.id}'`);
    byId.set(item.id, item);
  });
  menu.forEach((item, i) => {
    if (item.parent !== "" && !byId.has(item.parent)) {
      findings.error(
        { partner, field: `theme.menu[${i}].parent` },
        `menu item '${item.label}' (${item.id}) names the parent '${item.parent}', which does not exist`,
        didYouMeanHint(item.parent, byId.keys()),
      );
    }
  });
  const reported = new Set<string>();
  for (const item of menu) {
    const chain: string[] = [];
    let current: MenuItem | undefined = item;
    while (current && current.parent !== "" && !chain.includes(current.id)) {
      chain.push(current.id);
      current = byId.get(current.parent);
    }
    if (current && chain.includes(current.id) && !reported.has(current.id)) {
      const cycle = chain.slice(chain.indexOf(current.id));
      cycle.forEach((id) => reported.add(id));
      findings.error(
        { partner, field: `theme.menu[${menu.indexOf(current)}].parent` },
        `the menu has a cycle: ${[...cycle, current.id].join(" → ")}`,
        "a top-level item has parent ''",
      );
    }
  }
}

/** Footer link items (spec 2.7): an internal href leads to a page or a redirect. */
export function lintFooter(
  footer: readonly FooterColumn[],
  known: KnownPaths,
  partner: number,
  findings: Findings,
): void {
  footer.forEach((column, c) =>
    column.items.forEach((item, i) => {
      const href = item.href ?? "";
      if (item.type === "link" && isInternal(href) && !leadsSomewhere(href, known)) {
        findings.error(
          { partner, field: `theme.footer[${c}].items[${i}].href` },
          `footer link '${item.value}' goes to '${href}', which is neither a page nor a redirect`,
        );
      }
    }),
  );
}

/**
 * The redirect table (spec 2.1), judged by the rule the build applies (src/emit/redirects.ts):
 * a loop is an error (the build leaves its entries out); a second entry for one fromPath (the
 * first wins), a chain (the build points it at the final target) and a fromPath that hides a
 * page are warnings, the last one silenced by `"shadowsPage": true`; a target that is no page
 * is an error. A redirect that only adds or removes a trailing slash of a page is its canonical form.
 */
export function lintRedirects(
  redirects: readonly Redirect[],
  known: KnownPaths,
  partner: number,
  findings: Findings,
): void {
  const seen = new Map<string, number>();
  redirects.forEach((redirect, i) => {
    const at = (field: string) => ({ partner, field: `redirects[${i}].${field}` });
    const { fromPath, toPath } = redirect;
    const first = seen.get(fromPath);
    if (first !== undefined) {
      findings.warning(
        at("fromPath"),
        `'${fromPath}' is redirected twice; the first entry (redirects[${first}]) wins and this one is left out`,
        "remove one of the two entries",
      );
      return;
    }
    seen.set(fromPath, i);
    if (known.routes.has(fromPath) && (redirect as { shadowsPage?: unknown }).shadowsPage !== true) {
      findings.warning(
        at("fromPath"),
        `the redirect from '${fromPath}' hides the page at that path: visitors are sent on to '${toPath}'`,
        'remove the redirect, or mark it "shadowsPage": true if the page should be unreachable',
      );
    }
    if (!isInternal(toPath)) return;
    const target = pathOnly(toPath);
    const loop = followRedirects(fromPath, known.redirects);
    if (loop.loops) {
      findings.error(at("toPath"), `redirect loop: ${loop.chain.join(" → ")}; the build leaves these entries out`);
      return;
    }
    if (known.redirects.has(target)) {
      findings.warning(
        at("toPath"),
        `redirect chain: ${loop.chain.join(" → ")}; the build sends '${fromPath}' straight to '${loop.chain[loop.chain.length - 1]}'`,
        `point '${fromPath}' straight at '${loop.chain[loop.chain.length - 1]}'`,
      );
    } else if (!leadsSomewhere(target, known)) {
      findings.error(
        at("toPath"),
        `the redirect from '${fromPath}' leads to '${toPath}', which is not a page`,
        didYouMeanHint(target, known.routes),
      );
    }
  });
}

function followRedirects(start: string, redirects: ReadonlyMap<string, string>): { chain: string[]; loops: boolean } {
  const chain = [start];
  let current = start;
  for (;;) {
    const next = redirects.get(current);
    if (next === undefined || !isInternal(next)) return { chain, loops: false };
    const target = pathOnly(next);
    if (chain.includes(target)) return { chain: [...chain, target], loops: true };
    chain.push(target);
    current = target;
  }
}
