/**
 * The trailer facade's markup (templates/ui/trailer.tsx; docs/spec-decisions.md, "Trailers"):
 * the film's own image, a play link with an accessible name, and nothing of the provider but
 * the player's address in data and the video's page as the link.
 */
import { parse, type HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { MINIMAL, block, page, renderer, route } from "../fixtures/render/fixture.js";

function cover(
  trailer: string | null,
  image: string | null = "https://img.kinoplattform.example/178/dune.jpg",
): HTMLElement {
  const data = { ...MINIMAL["movie-cover"], title: "Dune: Del to", image, trailer };
  return parse(renderer().render(page([block("movie-cover", data)]), route("/test"))).querySelector("main")!;
}

describe("the trailer facade", () => {
  it("a YouTube trailer: the film's image as frame, a named play link to the video, the nocookie player in data", () => {
    const main = cover("https://youtu.be/dQw4w9WgXcQ");
    const facade = main.querySelector(".trailer")!;
    expect(facade.getAttribute("data-trailer")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    const play = facade.querySelector("a.trailer__play")!;
    expect(play.getAttribute("aria-label")).toBe("Spill av trailer: Dune: Del to");
    expect(play.getAttribute("href")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    const frame = facade.querySelector("img.trailer__frame")!;
    expect(frame.getAttribute("alt")).toBe("");
    expect(frame.getAttribute("loading")).toBe("lazy");
    // Nothing from the provider's hosts is loaded by the markup: only the link and the data name them.
    const sources = facade
      .querySelectorAll("[src],[srcset]")
      .flatMap((node) => [node.getAttribute("src") ?? "", node.getAttribute("srcset") ?? ""]);
    expect(sources.join(" ")).toContain("img.kinoplattform.example");
    expect(sources.join(" ")).not.toMatch(/youtube|ytimg|vimeo/);
    expect(main.querySelector("iframe")).toBeNull();
    // The plain "Se trailer" link is replaced by the facade.
    expect(main.querySelector(".movie-cover__actions")!.text).not.toContain("Se trailer");
  });

  it("a Vimeo trailer without an image: a plain frame; another address stays a link; none: nothing", () => {
    const vimeo = cover("https://vimeo.com/76979871", null).querySelector(".trailer")!;
    expect(vimeo.getAttribute("data-trailer")).toBe("https://player.vimeo.com/video/76979871?autoplay=1&dnt=1");
    expect(vimeo.querySelector("img")).toBeNull();
    const other = cover("https://distributor.example/trailer.mp4");
    expect(other.querySelector(".trailer")).toBeNull();
    expect(
      other.querySelector(".movie-cover__actions a[href='https://distributor.example/trailer.mp4']")?.text,
    ).toContain("Se trailer");
    const none = cover(null);
    expect(none.querySelector(".trailer")).toBeNull();
    expect(none.text).not.toContain("Se trailer");
  });
});
