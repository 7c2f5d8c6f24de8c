import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy, htmlRulePatterns, planHeaders } from "../../src/emit/headers.js";
import { buildWebAppManifest } from "../../src/emit/manifest.js";
import { partner, site } from "../fixtures/site-outputs/fixture.js";

/** Parses _headers into pattern → headers, and answers which headers a path gets (host rules: all matching rules apply). */
function parseHeaders(text: string): [RegExp, string, [string, string][]][] {
  const rules: [RegExp, string, [string, string][]][] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (!line.startsWith(" ")) {
      const source = line.split("/").map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/");
      rules.push([new RegExp(`^${source}$`), line, []]);
    } else {
      const [, name, value] = /^\s+([^:]+): (.*)$/.exec(line) ?? [];
      rules.at(-1)![2].push([name, value]);
    }
  }
  return rules;
}

function headersFor(rules: ReturnType<typeof parseHeaders>, path: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [pattern, , headers] of rules) if (pattern.test(path)) for (const [name, value] of headers) (out[name] ??= []).push(value);
  return out;
}

describe("_headers", () => {
  const htmlPaths = ["/", "/kinoprogram", "/404.html", "/article/filmprek:-dune", "/dune-del-to-dxm-00012345", "/gammelt-program/", "/a/b/c"];
  const file = planHeaders({ partner, site, htmlPaths });
  const rules = parseHeaders(String(file.contents));

  it("gives every path exactly one Cache-Control", () => {
    expect(file.path).toBe("_headers");
    const expectations: [string, string][] = [
      ["/assets/main.1a2b3c4d.js", "public, max-age=31536000, immutable"],
      ["/assets/site.abcdef12.css", "public, max-age=31536000, immutable"],
      ["/page-data/kinoprogram.json", "no-cache"],
      ["/page-data/article/filmprek:-dune.json", "no-cache"],
      ["/", "no-cache"],
      ["/kinoprogram", "no-cache"],
      ["/kinoprogram/", "no-cache"],
      ["/404.html", "no-cache"],
      ["/article/filmprek:-dune", "no-cache"],
      ["/article/filmprek:-dune/", "no-cache"],
      ["/a/b/c", "no-cache"],
      ["/sw.js", "no-cache"],
      ["/manifest.webmanifest", "no-cache"],
      ["/redirects.json", "no-cache"],
      ["/offline.html", "no-cache"],
    ];
    for (const [path, cacheControl] of expectations) expect(headersFor(rules, path)["Cache-Control"], path).toEqual([cacheControl]);
  });

  it("sends the security headers everywhere", () => {
    const headers = headersFor(rules, "/kinoprogram");
    expect(headers["X-Content-Type-Options"]).toEqual(["nosniff"]);
    expect(headers["Referrer-Policy"]).toEqual(["strict-origin-when-cross-origin"]);
    expect(headers["Content-Security-Policy"]).toHaveLength(1);
  });

  it("derives placeholder rules that never match /assets/", () => {
    expect(htmlRulePatterns(htmlPaths)).toEqual(["/", "/:page", "/:page/", "/a/b/:page", "/a/b/:page/", "/article/:page", "/article/:page/"]);
  });
});

describe("Content-Security-Policy", () => {
  const csp = Object.fromEntries(buildContentSecurityPolicy(partner, site).split("; ").map((directive) => {
    const [name, ...sources] = directive.split(" ");
    return [name, sources];
  }));

  it("allows exactly the origins the site loads from", () => {
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual(["'self'", "https://cdn.linkmarketing.example", "https://www.googletagmanager.com", "https://connect.facebook.net"]);
    // The member service's own origin and its image hosts (posters, QRUrl; docs/data-format.md).
    expect(csp["img-src"]).toEqual(["'self'", "data:", "https://img.kinoplattform.example", "https://medlem178.kinoplattform.example", "https://bilder.medlem178.kinoplattform.example", "https://*.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.facebook.com"]);
    expect(csp["connect-src"]).toEqual(["'self'", "https://medlem178.kinoplattform.example", "https://data.kinoplattform.example/api/v1/", "https://*.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.facebook.com"]);
    expect(csp["frame-src"]).toEqual(["https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("leaves analytics hosts out when the partner has no analytics", () => {
    const bare = { ...partner, analytics: { trackingId: null, pixelId: null }, memberService: null, contentSecurity: { scriptHosts: [], frameHosts: [], connectHosts: [] } };
    const policy = buildContentSecurityPolicy(bare, { ...site, trackingId: null, pixelId: null });
    expect(policy).not.toMatch(/google|facebook|medlem178|linkmarketing/);
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("connect-src 'self' https://data.kinoplattform.example/api/v1/;");
  });
});

describe("manifest.webmanifest", () => {
  it("names the cinema and takes icons and colours from the theme", () => {
    expect(buildWebAppManifest(site, partner)).toEqual({
      name: "Solvik kino",
      short_name: "Solvik kino",
      lang: "nb",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#b3121f",
      background_color: "#ffffff",
      icons: [
        { src: "/favicon.ico", type: "image/x-icon" },
        { src: "https://img.kinoplattform.example/178/logo-512x512.png", sizes: "512x512", type: "image/png" },
      ],
    });
  });
});
