import { createHash } from "node:crypto";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { detectHost } from "../../src/dev/host-emulation.js";
import { redirectPageHtml } from "../../src/emit/redirect-page.js";
import { pageAddress } from "../../src/isomorphic/url.js";
import { checkHostLimits } from "../../src/hosts/check-host-limits.js";
import { DEFAULT_HOST, hostProfile } from "../../src/hosts/host-profile.js";
import { routeFile } from "../../src/routes/index.js";
import { safeHref } from "../../templates/ui/smart-link.js";
import { sanitizeCmsHtml } from "../../src/render/sanitize.js";

describe("host profiles", () => {
  it("name a page's file the way the host answers its address without a redirect", () => {
    expect(routeFile("/kinoprogram")).toBe("kinoprogram/index.html");
    expect(routeFile("/kinoprogram", hostProfile("cloudflare").pageFiles)).toBe("kinoprogram.html");
    expect(routeFile("/kinoprogram/dag/2026-11-24", "file")).toBe("kinoprogram/dag/2026-11-24.html");
    expect(routeFile("/", "file")).toBe("index.html");
    expect(routeFile("/404.html", "file")).toBe("404.html");
    expect(hostProfile("netlify").pageFiles).toBe("folder");
    expect(hostProfile("static").pageFiles).toBe("folder");
    expect(DEFAULT_HOST).toBe("netlify");
  });

  it("write every internal link in the one address form of every host: no trailing slash", () => {
    expect(pageAddress("/priser-og-rabatter/")).toBe("/priser-og-rabatter");
    expect(pageAddress("/om-kinoen//?a=1#b")).toBe("/om-kinoen?a=1#b");
    expect(pageAddress("/")).toBe("/");
    expect(pageAddress("/kinoprogram#dag-2026-11-24")).toBe("/kinoprogram#dag-2026-11-24");
    expect(safeHref("/gavekort-pa-kino/")).toBe("/gavekort-pa-kino");
    expect(sanitizeCmsHtml('<p><a href="/film-i-kveldslys/">Film i kveldslys</a></p>')).toContain(
      'href="/film-i-kveldslys"',
    );
  });
});

describe("the host's limits", () => {
  const fits = {
    partner: 178,
    files: 1_650,
    sizes: [{ path: "assets/site.css", bytes: 40_000 }],
    staticRedirects: 20,
    dynamicRedirects: 0,
    headerRules: 25,
  };

  it("let a site that fits through, on every host", () => {
    for (const name of ["static", "netlify", "cloudflare"] as const)
      expect(checkHostLimits(hostProfile(name), fits)).toEqual({ errors: [], warnings: [] });
  });

  it("fail a Cloudflare deploy the host would refuse or cut short, naming what is over and where", () => {
    const cloudflare = hostProfile("cloudflare");
    const { errors } = checkHostLimits(cloudflare, {
      ...fits,
      files: 100_001,
      sizes: [{ path: "assets/search/x.pf_index", bytes: 26 * 1024 * 1024 }],
      staticRedirects: 2_001,
      dynamicRedirects: 101,
      headerRules: 101,
    });
    expect(errors.map((error) => error.format())).toEqual([
      "partner 178: --host cloudflare: the number of files is 100001, over the host's limit of 100000 (the free plan takes 20,000 files per deploy, the paid plans 100,000; build for another host, or split the site)",
      "partner 178: --host cloudflare: the size of assets/search/x.pf_index is 27262976, over the host's limit of 26214400 (the host refuses larger files)",
      "partner 178, field site.redirects: --host cloudflare: the number of redirect rules is 2001, over the host's limit of 2000 (each redirect is written for both slash forms; shorten the redirect table)",
      "partner 178, field site.redirects: --host cloudflare: the number of redirect rules with placeholders is 101, over the host's limit of 100 (shorten the redirect table)",
      "partner 178: --host cloudflare: the number of _headers rules is 101, over the host's limit of 100 (each top-level folder with pages below it needs a rule; fewer page folders (page paths with fewer top-level names) fit)",
    ]);
    expect(errors.every((error) => error.code === "E_HOST_LIMIT")).toBe(true);
  });

  it("warn when only a paid Cloudflare plan takes the files", () => {
    const { errors, warnings } = checkHostLimits(hostProfile("cloudflare"), { ...fits, files: 25_000 });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      "--host cloudflare: the site has 25000 files; the free plan takes 20,000 files per deploy, the paid plans 100,000",
    ]);
  });
});

describe("the redirect page of a host without rules", () => {
  const policy = "default-src 'self'; script-src 'self'; frame-ancestors 'self'";
  const html = redirectPageHtml("/kinoprogram", {
    siteUrl: "https://www.solvikkino.no",
    contentSecurityPolicy: policy,
  });
  const root = parse(html);

  it("sends the visitor on with the query and fragment, by a script its own CSP allows by hash", () => {
    const script = root.querySelector("script")!.textContent;
    expect(script).toBe(
      'var t="/kinoprogram";location.replace(t+(t.indexOf("?")<0?location.search:"")+(t.indexOf("#")<0?location.hash:""));',
    );
    const meta = root.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute("content")!;
    const hash = createHash("sha256").update(script).digest("base64");
    // frame-ancestors is a header-only directive: a <meta> leaves it out.
    expect(meta).toBe(`default-src 'self'; script-src 'self' 'sha256-${hash}'`);
    expect(root.querySelector("noscript")!.innerHTML).toBe('<meta http-equiv="refresh" content="0; url=/kinoprogram">');
  });

  it("never lets a target close the script", () => {
    const hostile = parse(redirectPageHtml("/x</script><script>alert(1)</script>"));
    expect(hostile.querySelectorAll("script")).toHaveLength(1);
  });
});

describe("preview's host", () => {
  it("is the one the folder was built for, read from its files", async () => {
    const { mkdtemp, writeFile, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = await mkdtemp(path.join(tmpdir(), "cb-detect-"));
    try {
      await writeFile(path.join(dir, "index.html"), "");
      expect(await detectHost(dir)).toBe("static");
      await writeFile(path.join(dir, "_headers"), "");
      expect(await detectHost(dir)).toBe("netlify");
      await writeFile(path.join(dir, "kinoprogram.html"), "");
      expect(await detectHost(dir)).toBe("cloudflare");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
