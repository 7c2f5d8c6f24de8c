import { distance } from "fastest-levenshtein";

/** The closest candidate to `name`, if it is close enough to be a likely typo. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.max(2, Math.floor(name.length / 3));
  return best !== undefined && bestDistance <= limit && best !== name ? best : undefined;
}

/** 'did you mean "x"?' or undefined, ready to pass as a BuildError hint. */
export function didYouMeanHint(name: string, candidates: Iterable<string>): string | undefined {
  const match = didYouMean(name, candidates);
  return match === undefined ? undefined : `did you mean '${match}'?`;
}
