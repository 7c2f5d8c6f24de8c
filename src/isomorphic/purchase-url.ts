/**
 * Outbound purchase links (spec 7.5): the ticketing provider's URL with the referring
 * channel `kanal=<channel>` ensured. Edited as text, not through URLSearchParams, so the
 * provider's own parameters keep their exact spelling.
 */
export function purchaseUrlOf(link: string | null | undefined, channel: string): string | null {
  if (typeof link !== "string" || !/^https?:\/\//i.test(link.trim())) return null;
  const trimmed = link.trim();
  const hashAt = trimmed.indexOf("#");
  const beforeHash = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : trimmed.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const query = queryAt === -1 ? "" : beforeHash.slice(queryAt + 1);
  if (query.split("&").some((pair) => pair.split("=")[0] === "kanal")) return trimmed;
  const separator = queryAt === -1 ? "?" : query === "" || query.endsWith("&") ? "" : "&";
  return `${beforeHash}${separator}kanal=${encodeURIComponent(channel)}${hash}`;
}
