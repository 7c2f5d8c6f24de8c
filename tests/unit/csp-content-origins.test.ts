import { describe, expect, it } from "vitest";
import {
  buildContentSecurityPolicy,
  contentImageOrigins,
  embeddedVideoOrigins,
  planHeaders,
} from "../../src/emit/headers.js";
import type { Dataset } from "../../src/model/index.js";
import { film, partner, site } from "../fixtures/site-outputs/fixture.js";

describe("embeddedVideoOrigins", () => {
  it("lists the origins of video iframes the sanitiser keeps, sorted and once each", () => {
    const html = [
      '<p>x</p><iframe src="https://www.youtube-nocookie.com/embed/abc" width="560"></iframe>',
      "<IFRAME title='v' src='https://player.vimeo.com/video/1'></IFRAME><iframe src=\"https://www.youtube-nocookie.com/embed/def\"></iframe>",
    ];
    expect(embeddedVideoOrigins(html)).toEqual(["https://player.vimeo.com", "https://www.youtube-nocookie.com"]);
  });

  it("ignores other hosts, plain http and text that only mentions a video host", () => {
    const html = [
      '<iframe src="https://evil.example/embed"></iframe>',
      '<iframe src="http://www.youtube.com/embed/x"></iframe>',
      "<p>https://www.youtube.com/watch?v=1</p>",
    ];
    expect(embeddedVideoOrigins(html)).toEqual([]);
  });
});

describe("contentImageOrigins", () => {
  it("lists the https origins of CMS <img> and of image URLs in the data, sorted and once each", () => {
    const html = [
      '<p><img alt="" src="https://bilder.kulturhus.example/a.jpg"></p>',
      "<IMG SRC='https://img.kinoplattform.example/178/b.png'>",
      '<img src="http://usikker.example/c.jpg"><p>https://tekst.example/d.jpg</p>',
    ];
    const urls = [
      "https://cdn.annen.example/cover.webp?w=1920",
      "",
      "/lokal.jpg",
      "https://bilder.kulturhus.example/e.jpg",
    ];
    expect(contentImageOrigins(html, urls)).toEqual([
      "https://bilder.kulturhus.example",
      "https://cdn.annen.example",
      "https://img.kinoplattform.example",
    ]);
  });

  it("puts them in img-src of the site's policy", () => {
    const csp = buildContentSecurityPolicy(partner, site, [], ["https://bilder.kulturhus.example"]);
    const imgSrc = csp.split("; ").find((d) => d.startsWith("img-src "))!;
    expect(imgSrc.split(" ")).toContain("https://bilder.kulturhus.example");
    const headers = String(
      planHeaders({ partner, site, htmlPaths: ["/"], cmsHtml: ['<img src="https://bilder.kulturhus.example/x.jpg">'] })
        .contents,
    );
    expect(headers).toMatch(/img-src [^;]*https:\/\/bilder\.kulturhus\.example/);
  });
});

describe("trailer players (docs/spec-decisions.md, Trailers)", () => {
  it("frame-src names a film trailer's player only when some film has one", async () => {
    const { trailerOriginsOf } = await import("../../src/render/stage/site-policy.js");
    const withTrailer = (value: unknown) => ({ ...film, properties: [{ property: "trailer", value }] });
    const dataset = (productions: unknown[]) => ({ productions }) as unknown as Dataset;
    expect([
      ...trailerOriginsOf(
        dataset([
          film,
          withTrailer("https://youtu.be/dQw4w9WgXcQ"),
          withTrailer("https://vimeo.com/76979871"),
          withTrailer("https://distributor.example/trailer.mp4"),
        ]),
      ),
    ]).toEqual(["https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
    expect([...trailerOriginsOf(dataset([film]))]).toEqual([]);
    // A partner that lists no frame hosts (the fixture lists both players).
    const plain = { ...partner, contentSecurity: { ...partner.contentSecurity, frameHosts: [] } };
    const frameSrc = (videoOrigins: string[]) =>
      String(planHeaders({ partner: plain, site, htmlPaths: ["/"], videoOrigins }).contents).match(
        /frame-src [^;]*/,
      )![0];
    expect(frameSrc(["https://www.youtube-nocookie.com"])).toBe("frame-src https://www.youtube-nocookie.com");
    expect(frameSrc([])).toBe("frame-src 'none'");
  });
});
