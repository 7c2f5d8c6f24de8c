import { describe, expect, it } from "vitest";
import { parseTrailerUrl } from "../../src/isomorphic/trailer.js";

describe("trailer addresses (docs/spec-decisions.md, Trailers)", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10",
    "http://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?si=abc",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "  https://youtu.be/dQw4w9WgXcQ  ",
  ])("YouTube: %s plays from youtube-nocookie.com", (url) => {
    expect(parseTrailerUrl(url)).toEqual({
      provider: "youtube",
      id: "dQw4w9WgXcQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
      watchUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      origin: "https://www.youtube-nocookie.com",
      label: "YouTube",
    });
  });

  it.each([
    "https://vimeo.com/76979871",
    "https://www.vimeo.com/76979871#t=3s",
    "https://vimeo.com/channels/staffpicks/76979871",
    "https://player.vimeo.com/video/76979871?h=abc",
  ])("Vimeo: %s", (url) => {
    expect(parseTrailerUrl(url)).toEqual({
      provider: "vimeo",
      id: "76979871",
      embedUrl: "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
      watchUrl: "https://vimeo.com/76979871",
      origin: "https://player.vimeo.com",
      label: "Vimeo",
    });
  });

  it.each([
    null,
    42,
    "",
    "trailer",
    "https://www.youtube.com/",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ<script>",
    "https://youtu.be/",
    "https://evil.example/embed/dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
    "https://vimeo.com/about",
    "https://player.vimeo.com/video/abc",
  ])("not a trailer: %s", (url) => {
    expect(parseTrailerUrl(url)).toBeNull();
  });
});
