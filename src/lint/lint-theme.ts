import type { Site } from "../model/index.js";
import { parseColor } from "../render/color.js";
import { isUsableHref } from "../render/sanitize.js";
import type { Findings } from "./finding.js";
import { isInternal, leadsSomewhere, type KnownPaths } from "./lint-links.js";

/**
 * The theme's values the build would otherwise drop without a word (probe 2): a colour it
 * cannot read (the stylesheet's default is used instead), a club-logo link to no page, and a
 * menu path a visitor cannot follow (a 'javascript:' path becomes plain text).
 */
export function lintTheme(site: Site, known: KnownPaths, partner: number, findings: Findings): void {
  for (const [name, value] of Object.entries(site.theme.colors ?? {})) {
    if (typeof value === "string" && parseColor(value) === null) {
      findings.warning(
        { partner, field: `theme.colors.${name}` },
        `'${value}' is not a colour the build can read; the stylesheet's default is used`,
        "write a CSS colour such as '#c8102e' or 'rgb(200 16 46)'",
      );
    }
  }
  const logoHref = site.theme.clubLogo?.href;
  if (logoHref && isInternal(logoHref) && !leadsSomewhere(logoHref, known)) {
    findings.error(
      { partner, field: "theme.clubLogo.href" },
      `the club logo links to '${logoHref}', which is neither a page nor a redirect`,
    );
  }
  site.theme.menu.forEach((item, i) => {
    if (item.path !== "" && !isUsableHref(item.path)) {
      findings.error(
        { partner, field: `theme.menu[${i}].path` },
        `menu item '${item.label}' links to '${item.path}', which a visitor cannot follow; it is shown as plain text`,
        "use a site path ('/kinoprogram') or an http(s), mailto or tel link",
      );
    }
  });
}
