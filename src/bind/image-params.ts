/**
 * Image-CDN parameters (spec 7.6, 9): posters 'w=225&h=340&fit=crop&auto=compress&crop=faces,top',
 * meta images 'w=1920&h=1080&auto=compress' plus the asset's focal point. The CDN speaks the
 * imgix dialect; these are the parameters and values an editor may use.
 */
const SIZE = (value: string) => /^[1-9]\d{0,3}$/.test(value) && Number(value) <= 5000;
const ONE_OF =
  (...allowed: string[]) =>
  (value: string) =>
    value.split(",").every((part) => allowed.includes(part));
const FRACTION = (value: string) => /^(0(\.\d+)?|1(\.0+)?)$/.test(value);

const IMAGE_PARAMS: Record<string, (value: string) => boolean> = {
  w: SIZE,
  h: SIZE,
  fit: ONE_OF("crop", "clip", "clamp", "fill", "fillmax", "max", "min", "scale", "facearea"),
  auto: ONE_OF("compress", "format", "enhance", "redeye"),
  crop: ONE_OF("faces", "top", "bottom", "left", "right", "edges", "entropy", "focalpoint", "center"),
  q: (value) => /^\d{1,3}$/.test(value) && Number(value) <= 100,
  fm: ONE_OF("jpg", "pjpg", "png", "webp", "avif", "gif"),
  dpr: (value) => /^[1-5](\.\d+)?$/.test(value),
  ar: (value) => /^\d+(\.\d+)?:\d+(\.\d+)?$/.test(value),
  "fp-x": FRACTION,
  "fp-y": FRACTION,
  "fp-z": (value) => /^\d+(\.\d+)?$/.test(value),
};

/** Problems of an image parameter string; empty when every parameter is known and valid. */
export function checkImageParams(query: string): string[] {
  const problems: string[] = [];
  if (query.trim() === "") return ["no parameters given"];
  for (const pair of query.split("&")) {
    const eq = pair.indexOf("=");
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? "" : pair.slice(eq + 1);
    const check = IMAGE_PARAMS[key];
    if (!check) problems.push(`unknown parameter '${key}' (known: ${Object.keys(IMAGE_PARAMS).join(", ")})`);
    else if (!check(value)) problems.push(`'${key}=${value}' is not a valid value`);
  }
  return problems;
}

/** Appends query parameters to a URL, with '?' or '&' as needed. Empty parts are skipped. */
export function appendQuery(url: string, ...queries: (string | null | undefined)[]): string {
  let out = url;
  for (const query of queries) {
    const part = query?.replace(/^[?&]+/, "").trim();
    if (!part) continue;
    out += (out.includes("?") ? "&" : "?") + part;
  }
  return out;
}
