import { describe, expect, it } from "vitest";
import { embeddedVideoOrigins } from "../../src/emit/headers.js";

describe("embeddedVideoOrigins", () => {
  it("lists the origins of video iframes the sanitiser keeps, sorted and once each", () => {
    const html = [
      '<p>x</p><iframe src="https://www.youtube-nocookie.com/embed/abc" width="560"></iframe>',
      "<IFRAME title='v' src='https://player.vimeo.com/video/1'></IFRAME><iframe src=\"https://www.youtube-nocookie.com/embed/def\"></iframe>",
    ];
    expect(embeddedVideoOrigins(html)).toEqual(["https://player.vimeo.com", "https://www.youtube-nocookie.com"]);
  });

  it("ignores other hosts, plain http and text that only mentions a video host", () => {
    const html = ['<iframe src="https://evil.example/embed"></iframe>', '<iframe src="http://www.youtube.com/embed/x"></iframe>', "<p>https://www.youtube.com/watch?v=1</p>"];
    expect(embeddedVideoOrigins(html)).toEqual([]);
  });
});
