import { describe, expect, it } from "vitest";
import { headersFor, parseHeadersFile } from "../../src/dev/host-headers.js";
import { buildContentSecurityPolicy, countHeaderRules, htmlRulePatterns, planHeaders } from "../../src/emit/headers.js";
import { hostProfile } from "../../src/hosts/host-profile.js";
import { buildWebAppManifest } from "../../src/emit/manifest.js";
import { partner, site } from "../fixtures/site-outputs/fixture.js";

describe.each(["netlify", "cloudflare"] as const)("_headers as %s reads it", (host) => {
  const htmlPaths = [
    "/",
    "/kinoprogram",
    "/404.html",
    "/article/filmprek:-dune",
    "/dune-del-to-dxm-00012345",
    "/gammelt-program/",
    "/a/b/c",
    "/kinoprogram/dag/2026-11-24",
  ];
  // The programme pages' feeds (src/model/page-paths.ts calendarFeedPath), beside /kinoprogram and /a/b/c.
  const feedPaths = ["/kinoprogram-kalender.ics", "/a/b/c-kalender.ics"];
  const file = planHeaders({ partner, site, htmlPaths, host: hostProfile(host) });
  // The host's own reading of the file (src/dev/host-headers.ts mirrors each host's matcher).
  const rules = parseHeadersFile(String(file.contents), host);

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
      ["/kinoprogram/dag/2026-11-24", "no-cache"],
      ["/404.html", "no-cache"],
      ["/article/filmprek:-dune", "no-cache"],
      ["/article/filmprek:-dune/", "no-cache"],
      ["/a/b/c", "no-cache"],
      ["/sw.js", "no-cache"],
      ["/manifest.webmanifest", "no-cache"],
      ["/redirects.json", "no-cache"],
      ["/offline.html", "no-cache"],
      ["/kalender.ics", "no-cache"],
      ["/kinoprogram-kalender.ics", "no-cache"],
      ["/a/b/c-kalender.ics", "no-cache"],
    ];
    for (const [path, cacheControl] of expectations)
      expect(headersFor(rules, path)["cache-control"], path).toBe(cacheControl);
  });

  it("serves the calendar feeds as text/calendar, the cinema's and every programme page's", () => {
    for (const path of ["/kalender.ics", ...feedPaths])
      expect(headersFor(rules, path)["content-type"], path).toBe("text/calendar; charset=utf-8");
    for (const path of ["/kinoprogram", "/kinoprogram/dag/2026-11-24", "/sw.js", "/assets/main.1a2b3c4d.js"])
      expect(headersFor(rules, path)["content-type"], path).toBeUndefined();
  });

  it("sends the security headers everywhere", () => {
    const headers = headersFor(rules, "/kinoprogram");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["content-security-policy"]).not.toContain(", ");
  });
});

describe("_headers rules", () => {
  const htmlPaths = [
    "/",
    "/kinoprogram",
    "/404.html",
    "/article/filmprek:-dune",
    "/dune-del-to-dxm-00012345",
    "/gammelt-program/",
    "/a/b/c",
  ];

  it("derives one rule per top-level folder with pages below it, never one that matches /assets/", () => {
    expect(htmlRulePatterns(htmlPaths, hostProfile("netlify"))).toEqual([
      "/",
      "/:page",
      "/a/:sub/*",
      "/article/:sub/*",
    ]);
    expect(htmlRulePatterns(htmlPaths, hostProfile("cloudflare"))).toEqual(["/", "/:page", "/a/*", "/article/*"]);
  });

  it("stays within Cloudflare's 100 rules however many pages the folders hold", () => {
    const many = Array.from(
      { length: 20_000 },
      (_, i) => `/kinoprogram/dag/2027-01-${String(i % 28).padStart(2, "0")}/side/${i}`,
    );
    const file = planHeaders({ partner, site, htmlPaths: [...htmlPaths, ...many], host: hostProfile("cloudflare") });
    // The CSP, assets, page-data and calendar-feed rules, and four no-cache patterns.
    expect(countHeaderRules(String(file.contents))).toBe(9);
  });
});

describe("Content-Security-Policy", () => {
  const csp = Object.fromEntries(
    buildContentSecurityPolicy(partner, site)
      .split("; ")
      .map((directive) => {
        const [name, ...sources] = directive.split(" ");
        return [name, sources];
      }),
  );

  it("allows exactly the origins the site loads from", () => {
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual([
      "'self'",
      "https://cdn.linkmarketing.example",
      "https://www.googletagmanager.com",
      "https://connect.facebook.net",
    ]);
    // The member service's own origin and its image hosts (posters, QRUrl; docs/data-format.md).
    expect(csp["img-src"]).toEqual([
      "'self'",
      "data:",
      "https://img.kinoplattform.example",
      "https://medlem178.kinoplattform.example",
      "https://plakater178.kinoplattform.example",
      "https://*.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.facebook.com",
    ]);
    expect(csp["connect-src"]).toEqual([
      "'self'",
      "https://medlem178.kinoplattform.example",
      "https://data.kinoplattform.example/api/v1/",
      "https://*.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.facebook.com",
    ]);
    expect(csp["frame-src"]).toEqual(["https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("leaves analytics hosts out when the partner has no analytics", () => {
    const bare = {
      ...partner,
      analytics: { trackingId: null, pixelId: null },
      memberService: null,
      contentSecurity: { scriptHosts: [], frameHosts: [], connectHosts: [] },
    };
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
