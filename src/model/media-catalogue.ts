/** What the renderer knows of each local media file (src/isomorphic/image-url.ts builds the srcset). */
export interface MediaVariant {
  width: number;
  /** Site path of the hashed file: '/assets/media/plakater/plakat-01-450.1a2b3c4d.webp'. */
  url: string;
}

export interface MediaEntry {
  /** The source's size. */
  width: number;
  height: number;
  /** Narrowest first; the last is the full size and the URL the data holds. */
  variants: MediaVariant[];
}

/** Keyed by the site path the data's 'media:' reference became (the full-size variant). */
export type MediaCatalogue = Record<string, MediaEntry>;
