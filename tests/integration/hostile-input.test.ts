/**
 * The probes of docs/security.md as tests: bad and hostile input is a located error with exit 1 (never
 * exit 70, never a hang), editor HTML runs no script, and content cannot change the CSP.
 * Each case builds a changed copy of partner 4242 (tests/fixtures/partners/hostile-copy.ts).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { BuildError, BuildErrors } from "../../src/errors/index.js";
import { lintPartner } from "../../src/lint/index.js";
import { MAX_FIELD_CHARS, MAX_REDIRECTS } from "../../src/validate/limits.js";
import { hostileCopy, pageAt, type PartnerFiles } from "../fixtures/partners/hostile-copy.js";

let out: string;
beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), "cb-hostile-out-"));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

/** Builds a changed copy of 4242; resolves with the error's one-line form, or "built". */
async function buildChanged(change: (files: PartnerFiles) => void, name: string): Promise<string> {
  const partnersDir = await hostileCopy(change);
  try {
    await build({ partner: "4242", partnersDir, source: "snapshot", out: path.join(out, name) });
    return "built";
  } catch (error) {
    if (error instanceof BuildError || error instanceof BuildErrors) return error.format();
    throw error;
  } finally {
    await rm(partnersDir, { recursive: true, force: true });
  }
}

/** The compiled CLI on a changed copy: exit code and stderr. */
async function cliChanged(change: (files: PartnerFiles) => void): Promise<{ code: number; stderr: string }> {
  const partnersDir = await hostileCopy(change);
  try {
    await promisify(execFile)(process.execPath, [
      "bin/cinema-build.js",
      "--partner",
      "4242",
      "--partners-dir",
      partnersDir,
      "--out",
      path.join(out, "cli"),
    ]);
    return { code: 0, stderr: "" };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  } finally {
    await rm(partnersDir, { recursive: true, force: true });
  }
}

describe("paths that cannot be written are located errors, exit 1", () => {
  it("a 300-character slug (ENAMETOOLONG before), a page at /_headers (EISDIR before), a page under /assets", async () => {
    const result = await cliChanged(({ site, events }) => {
      events.productions[0].parentSlug = `${"lang-tittel-".repeat(25)}dxm-31000071`;
      for (const event of events.events)
        if (event.production === events.productions[0].id) event.production = events.productions[0].id;
      site.pages.push(
        pageAt(site, "/_headers", "a1"),
        pageAt(site, "/assets/tilbud", "b2"),
        pageAt(site, "/CON", "c3"),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain("internal error");
    expect(result.stderr).toContain("4 page paths cannot be written");
    expect(result.stderr).toMatch(
      /page \/lang-tittel-.*, field route parameter @production: the path segment 'lang-tittel-lang-tittel-lang-tittel-lang…' is 312 bytes; file systems take at most 255/,
    );
    expect(result.stderr).toContain("page /_headers, field path: '/_headers' is a file the build writes");
    expect(result.stderr).toContain(
      "page /assets/tilbud, field path: paths under /assets belong to the site's own files (cached as immutable)",
    );
    expect(result.stderr).toContain("page /CON, field path: 'CON' is a reserved device name");
  });

  it("a page at '//x/pwned2' or '/x\\r\\nSet-Cookie: a=b' (written silently before): page and field named, one line each", async () => {
    const result = await cliChanged(({ site }) => {
      site.pages.push(pageAt(site, "//x/pwned2", "e5"), pageAt(site, "/x\r\nSet-Cookie: a=b", "f6"));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain("internal error");
    expect(result.stderr).toContain(
      "page //x/pwned2, field path: the path starts with '//' (browsers read '//host' as another site)",
    );
    expect(result.stderr).toContain("page /x\\r\\nSet-Cookie: a=b, field path: the path contains a control character");
    expect(result.stderr).not.toMatch(/^Set-Cookie/m);
  });

  it("an unparseable, a protocol-relative and a backslash redirect target, wildcards, and a case-only twin", async () => {
    const message = await buildChanged(({ site }) => {
      site.redirects = [
        { fromPath: "/billetter", toPath: "https://[uparsbar" },
        { fromPath: "/ut", toPath: "/\\evil.example" },
        { fromPath: "/ut2", toPath: "//evil.example/x" },
        { fromPath: "/ut3", toPath: "https://evil.example/" },
        { fromPath: "/*", toPath: "/" },
        { fromPath: "/nyheter/:slug", toPath: "/article/:slug" },
        { fromPath: "/Kinoprogram", toPath: "/" },
      ];
    }, "redirects");
    expect(message).toContain("7 bad redirects");
    expect(message).toContain("field site.redirects[0]: toPath is not a valid URL: /billetter → https://[uparsbar");
    expect(message).toContain(
      "field site.redirects[1]: toPath contains a backslash (browsers read '/\\host' as another site)",
    );
    expect(message).toContain("field site.redirects[2]: toPath must not start with '//' (another site)");
    expect(message).toContain(
      "field site.redirects[3]: toPath host evil.example is not allowed (partner.json redirectHosts)",
    );
    expect(message).toContain("field site.redirects[4]: fromPath uses wildcard or placeholder syntax");
    expect(message).toContain("field site.redirects[5]: fromPath uses wildcard or placeholder syntax");
    expect(message).toContain("field site.redirects[6]: fromPath differs from '/kinoprogram' only by letter case");
  });

  it("lint reports the same redirect targets the build refuses", async () => {
    const partnersDir = await hostileCopy(({ site }) => {
      site.redirects = [
        { fromPath: "/ut", toPath: "/\\evil.example" },
        { fromPath: "/nyheter/*", toPath: "/" },
        { fromPath: "/_headers", toPath: "/" },
      ];
    });
    const { findings } = await lintPartner({ partner: "4242", partnersDir, source: "snapshot" });
    await rm(partnersDir, { recursive: true, force: true });
    const mine = findings
      .filter((f) => /^redirects\[\d\]\.(fromPath|toPath)$/.test(f.field ?? ""))
      .map((f) => `${f.field}: ${f.message}`);
    expect(mine).toEqual(
      expect.arrayContaining([
        "redirects[0].toPath: toPath contains a backslash (browsers read '/\\host' as another site)",
        expect.stringMatching(/^redirects\[1\]\.fromPath: fromPath uses wildcard or placeholder syntax/),
        "redirects[2].fromPath: '/_headers' is a file the build writes",
      ]),
    );
  });

  it("allows absolute targets on the site, the ticketing host and partner.json redirectHosts", async () => {
    const message = await buildChanged(({ partner, site }) => {
      partner.redirectHosts = ["www.kulturhus.example"];
      site.redirects = [
        { fromPath: "/kulturhus", toPath: "https://www.kulturhus.example/program" },
        { fromPath: "/billett", toPath: `${partner.ticketing.host}/4242` },
      ];
    }, "redirect-hosts");
    expect(message).toBe("built");
  });

  it(`refuses more than ${MAX_REDIRECTS} redirects before writing anything`, async () => {
    const message = await buildChanged(({ site }) => {
      site.redirects = Array.from({ length: MAX_REDIRECTS + 1 }, (_, i) => ({ fromPath: `/gammel-${i}`, toPath: "/" }));
    }, "many-redirects");
    expect(message).toBe(
      `field site.redirects: the redirect table has ${MAX_REDIRECTS + 1} entries; at most ${MAX_REDIRECTS} are supported (each entry becomes a host rule or a page and a line of redirects.json, which every visitor's service worker precaches)`,
    );
  });
});

describe("input limits and consistency", () => {
  it("runs lint's regex safety check: '(x+x+)+y' fails at once instead of hanging", async () => {
    const started = performance.now();
    const message = await buildChanged(({ site }) => {
      site.pages
        .find((page: { path: string }) => page.path === "/kinoprogram")
        .sources[0].filter.push({ property: "title", operator: "regex", value: "(x+x+)+y" });
    }, "regex");
    expect(message).toContain(
      "page /kinoprogram, field sources.films.filter[1].value: the regex '(x+x+)+y' can backtrack catastrophically",
    );
    // Not a timing assertion: a hang would never return at all; this only documents the scale.
    expect(performance.now() - started).toBeLessThan(60_000);
  });

  it("a regex that does not compile is reported as such, not as a catastrophic one", async () => {
    const message = await buildChanged(({ site }) => {
      site.pages
        .find((page: { path: string }) => page.path === "/kinoprogram")
        .sources[0].filter.push({ property: "title", operator: "regex", value: "^(178|" });
    }, "regex-syntax");
    expect(message).toContain(
      "page /kinoprogram, field sources.films.filter[1], expression '^(178|': the regex does not compile: Invalid regular expression: /^(178|/i: Unterminated group",
    );
    expect(message).not.toContain("catastrophically");
  });

  it("names file, record and field of a text above the field limit", async () => {
    const message = await buildChanged(({ articles }) => {
      articles[1].content = "x".repeat(MAX_FIELD_CHARS + 1);
    }, "big-field");
    expect(message).toContain(
      `snapshot/articles.json, [1], field content: the text is ${(MAX_FIELD_CHARS + 1).toLocaleString("en")} characters; at most ${MAX_FIELD_CHARS.toLocaleString("en")} are supported`,
    );
  });

  it("reports duplicate page and block ids, and data of another partner", async () => {
    const message = await buildChanged(({ site, meta }) => {
      const copy = pageAt(site, "/om-oss", "d4");
      copy.id = site.pages[0].id;
      copy.blocks[0].id = site.pages[0].blocks[0].id;
      site.pages.push(copy);
      meta.partner = 178;
    }, "duplicates");
    expect(message).toContain(`pages[${10}], page /om-oss, field id: duplicate page id`);
    expect(message).toMatch(
      /pages\[10\]\.blocks\[0\], page \/om-oss, block [\w-]+, field id: duplicate block id '[\w-]+' \(also on page \/\)/,
    );
    expect(message).toContain(
      "meta.json, meta, field partner: the snapshot was captured for partner 178, not partner 4242",
    );
    const other = await buildChanged(({ site }) => {
      site.partners = [178];
    }, "other-site");
    expect(other).toContain(
      "field partners: site 4242 lists partners 178, not partner 4242 (the data belongs to another partner)",
    );
  });

  it("refuses a snapshot file that is not UTF-8, naming byte and line", async () => {
    const partnersDir = await hostileCopy(() => {});
    const file = path.join(partnersDir, "4242", "snapshot", "articles.json");
    const text = await readFile(file);
    const at = text.indexOf("\n", 10) + 1;
    const line = text.subarray(0, at).toString("latin1").split("\n").length;
    await writeFile(file, Buffer.concat([text.subarray(0, at), Buffer.from([0xc3, 0x28]), text.subarray(at)]));
    const error = await build({ partner: "4242", partnersDir, source: "snapshot", out: path.join(out, "utf8") }).catch(
      (e) => e,
    );
    await rm(partnersDir, { recursive: true, force: true });
    expect(error).toBeInstanceOf(BuildErrors);
    expect(error.format()).toMatch(
      new RegExp(
        `snapshot/articles\\.json: invalid UTF-8 at byte ${at} \\(line ${line}\\) \\(save the file as UTF-8\\)`,
      ),
    );
  });
});

describe("editor content cannot run script or change the CSP", () => {
  it("drops a hostile footer html item's script, handlers and foreign hosts, and lint names the item", async () => {
    const hostile =
      '<script>window.pwned=1</script><img src="/x.png" onerror="window.pwned=2"><script src="https://evil.example/x.js"></script><a href="javascript:window.pwned=3">lenke</a><script async src="https://cdn.linkmarketing.example/deeplink.js" data-partner="ovre"></script>';
    const partnersDir = await hostileCopy(({ partner, site }) => {
      partner.contentSecurity = {
        scriptHosts: ["https://cdn.linkmarketing.example"],
        frameHosts: [],
        connectHosts: [],
      };
      site.theme.footer[0].items.push({ type: "html", value: hostile, href: null, order: 9 });
    });
    const warnings: string[] = [];
    const target = path.join(out, "footer");
    await build({ partner: "4242", partnersDir, source: "snapshot", out: target, onWarning: (w) => warnings.push(w) });
    const lint = await lintPartner({ partner: "4242", partnersDir, source: "snapshot" });
    await rm(partnersDir, { recursive: true, force: true });
    const html = await readFile(path.join(target, "index.html"), "utf8");
    const footer = /<li class="footer-item footer-item--html">(.*?)<\/li>/.exec(html)?.[1];
    // Its own text and image show; the client holds the third-party script in a <template>
    // until the visitor consents (client/consent-scripts.ts).
    expect(footer).toBe(
      '<div class="footer-html"><img src="/x.png" /><a>lenke</a></div><template data-consent-html=""><script async src="https://cdn.linkmarketing.example/deeplink.js" data-partner="ovre"></script></template>',
    );
    const expected =
      "footer html item in column 'Kontakt' drops <script> from https://evil.example (not in partner.json contentSecurity.scriptHosts), href 'javascript:window.pwned=3' on <a>, inline <script>, onerror handler on <img>";
    expect(warnings, warnings.join("\n")).toContain(`theme.footer[0].items[3]: ${expected}`);
    expect(lint.findings).toContainEqual(
      expect.objectContaining({ severity: "warning", field: "theme.footer[0].items[3]", message: expected }),
    );
  });

  it("a ';' or ',' in a CMS image host cannot add a directive or a second policy", async () => {
    const target = path.join(out, "csp");
    const partnersDir = await hostileCopy(({ articles }) => {
      articles[0].content +=
        '<p><img src="https://bilder.example;sandbox/a.jpg"><img src="https://x.example,script-src/b.jpg"><img src="https://ok.example/c.jpg"></p>';
      articles[1].image = "https://img.example;script-src 'unsafe-inline'/x.jpg";
    });
    await build({ partner: "4242", partnersDir, source: "snapshot", out: target });
    // The <meta> form is for a host that reads no `_headers` (docs/security.md).
    await build({ partner: "4242", partnersDir, source: "snapshot", out: `${target}-static`, host: "static" });
    await rm(partnersDir, { recursive: true, force: true });
    const headers = await readFile(path.join(target, "_headers"), "utf8");
    const policy = /Content-Security-Policy: (.*)/.exec(headers)![1];
    expect(policy).not.toMatch(/sandbox|,|unsafe-inline'[^;]*script/);
    expect(policy.split("; ").map((d) => d.split(" ")[0])).toEqual([
      "default-src",
      "script-src",
      "style-src",
      "img-src",
      "font-src",
      "connect-src",
      "frame-src",
      "worker-src",
      "object-src",
      "base-uri",
      "form-action",
      "frame-ancestors",
    ]);
    expect(policy).toMatch(/img-src [^;]*https:\/\/ok\.example/);
    expect(await readFile(path.join(target, "index.html"), "utf8")).not.toContain("http-equiv");
    const html = await readFile(path.join(`${target}-static`, "index.html"), "utf8");
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/
      .exec(html)![1]
      .replaceAll("&apos;", "'");
    expect(meta).toBe(policy.replace("; frame-ancestors 'self'", ""));
  });

  it("refuses a partner.json CSP host that would change the policy", async () => {
    const message = await buildChanged(({ partner }) => {
      partner.contentSecurity = {
        scriptHosts: ["https://cdn.example; script-src *"],
        frameHosts: [],
        connectHosts: [],
      };
    }, "csp-config");
    expect(message).toContain("contentSecurity.scriptHosts[0]");
    expect(message).toContain("contains ';', ',', a quote or white space, which would change the policy");
  });
});
