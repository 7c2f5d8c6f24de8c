import { normalizeRedirectSource, normalizeRedirectTarget } from "../isomorphic/redirect-path.js";
import type { PartnerConfig } from "../model/partner-schema.js";
import { redirectHostsOf } from "../emit/redirects.js";
import { checkSitePath } from "../emit/site-path.js";
import type { Redirect } from "../model/index.js";
import type { Findings } from "./finding.js";

/**
 * The redirect normaliser's verdict on each entry (src/isomorphic/redirect-path.ts), so lint reports
 * what the build refuses: targets off the site ('/\evil.example', '//x', other hosts),
 * wildcards, and fromPaths that cannot be written.
 */
export function lintRedirectTargets(redirects: readonly Redirect[], partner: PartnerConfig, findings: Findings): void {
  const hosts = redirectHostsOf(partner);
  redirects.forEach(({ fromPath, toPath }, i) => {
    const at = (field: string) => ({ partner: partner.partner, field: `redirects[${i}].${field}` });
    const source = normalizeRedirectSource(fromPath);
    if (!source.ok) findings.error(at("fromPath"), source.reason);
    else {
      const unwritable = checkSitePath(fromPath);
      if (unwritable) findings.error(at("fromPath"), unwritable);
    }
    const target = normalizeRedirectTarget(toPath, (host) => hosts.includes(host.toLowerCase()));
    if (!target.ok)
      findings.error(
        at("toPath"),
        target.reason,
        "a site path '/…', or an https URL on the site's host, the ticketing host or partner.json redirectHosts",
      );
  });
}
