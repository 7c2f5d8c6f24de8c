/**
 * A bare file name where the data holds an image URL ('sal1.jpg', maybe with CDN parameters)
 * is a file of the partner's image CDN: {host}/{cinemaId}/{file} (spec 7.6). Any other value (a
 * URL, a site path, a 'media:' reference) is returned as it is. One rule for the page meta, the
 * blocks' image fields and the articles' images.
 */
export interface ImageCdn {
  host: string;
  cinemaId: string;
}

export function onImageCdn(value: string, cdn: ImageCdn): string {
  const text = value.trim();
  return /^[^/:?#\s]+\.[A-Za-z0-9]+(?:\?.*)?$/.test(text)
    ? `${cdn.host.replace(/\/+$/, "")}/${cdn.cinemaId}/${text}`
    : value;
}
