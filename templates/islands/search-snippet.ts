/**
 * A search hit's title and snippet as text parts, the matched words flagged, so the island
 * renders them as React text and <mark> elements: the page's text is never parsed as HTML
 * (Pagefind's own excerpt is an HTML string). Pure, for tests.
 *
 * Pagefind's content is the indexed document's text: the <h1> title followed by '.', then the
 * body (src/search/search-document.ts); its locations index the words of content split on
 * whitespace.
 */

export interface TextPart {
  text: string;
  mark: boolean;
}

export interface HitText {
  title: TextPart[];
  snippet: TextPart[];
}

/** Words of a snippet: about two lines on a phone, three on a desktop. */
export const SNIPPET_WORDS = 26;
/** Words of context shown before the first match of the snippet. */
const LEAD_WORDS = 4;

export function splitHitText(title: string, content: string, locations: readonly number[]): HitText {
  const words = content.split(/\s+/).filter(Boolean);
  const titleWords = title.split(/\s+/).filter(Boolean);
  const titleCount = startsWithWords(words, titleWords) ? titleWords.length : 0;
  const matched = new Set(locations);
  const titleParts = joinParts(titleWords.map((word, i) => ({ text: word, mark: i < titleCount && matched.has(i) })));
  // Texts often open by repeating their title: the snippet shows what follows instead.
  const bodyStart = startsWithWords(words.slice(titleCount), titleWords) ? titleCount * 2 : titleCount;
  const body = locations.filter((location) => location >= bodyStart && location < words.length).sort((a, b) => a - b);
  const start = Math.max(bodyStart, windowStart(body, bodyStart) - LEAD_WORDS);
  const end = Math.min(words.length, start + SNIPPET_WORDS);
  const parts = words.slice(start, end).map((word, i) => ({ text: word, mark: matched.has(start + i) }));
  if (start > bodyStart && parts.length > 0) parts[0] = { ...parts[0], text: `…${parts[0].text}` };
  if (end < words.length && parts.length > 0)
    parts[parts.length - 1] = { ...parts[parts.length - 1], text: `${parts[parts.length - 1].text}…` };
  return { title: titleParts, snippet: joinParts(parts) };
}

/** The body location that starts the window of SNIPPET_WORDS holding the most matches. */
function windowStart(body: number[], fallback: number): number {
  let best = fallback;
  let bestCount = 0;
  for (let i = 0, j = 0; i < body.length; i++) {
    while (j < body.length && body[j] < body[i] + SNIPPET_WORDS - LEAD_WORDS) j++;
    if (j - i > bestCount) {
      bestCount = j - i;
      best = body[i];
    }
  }
  return best;
}

function startsWithWords(words: string[], prefix: string[]): boolean {
  if (prefix.length === 0 || prefix.length > words.length) return false;
  return prefix.every((word, i) => bare(words[i]) === bare(word));
}

/** A word without the punctuation Pagefind adds or keeps at its end ('kinoen.'). */
function bare(word: string): string {
  return word.replace(/[.,:;!?…]+$/, "").toLowerCase();
}

/**
 * Words to parts: runs of unmarked text become one part. A marked word's surrounding
 * punctuation ('«kinoen».') and the spaces stay unmarked.
 */
function joinParts(words: TextPart[]): TextPart[] {
  const parts: TextPart[] = [];
  const plain = (text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && !last.mark) last.text += text;
    else parts.push({ text, mark: false });
  };
  words.forEach((word, i) => {
    plain(i === 0 ? "" : " ");
    const [, before, core, after] = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/su.exec(word.text)!;
    if (!word.mark || !core) return plain(word.text);
    plain(before);
    parts.push({ text: core, mark: true });
    plain(after);
  });
  return parts;
}
