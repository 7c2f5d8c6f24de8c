/**
 * Reads the first `take` items of a member-service list answer as they arrive (spec 9: take
 * 10, reviews take 20), then stops reading. A service that answers far more than asked
 * (100,000 tickets, 30 MB) would otherwise be downloaded whole and parsed in one task of
 * several seconds, with the tab frozen meanwhile (docs/member.md "Answers that are too large").
 * Only the items kept are parsed, one by one. An answer that is not a JSON array (the
 * `{ data: [...] }` form) is read whole; either is refused past MAX_OBJECT_ANSWER_CHARS.
 */
export const MAX_OBJECT_ANSWER_CHARS = 5_000_000;

export type ListRead = { ok: true; value: unknown } | { ok: false; reason: "malformed" | "too large" };

/** Splits the top-level array's items out of JSON text fed in pieces. */
class ArrayScanner {
  private buffer = "";
  private position = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private itemStart = -1;
  readonly items: string[] = [];
  done = false;
  started = false;
  notArray = false;

  feed(text: string): void {
    this.buffer += text;
    while (this.position < this.buffer.length && !this.done && !this.notArray) this.step(this.buffer[this.position++]);
    if (this.notArray) return;
    // Keep only what the current item still needs.
    const keep = this.itemStart >= 0 ? this.itemStart : this.position;
    this.buffer = this.buffer.slice(keep);
    this.position -= keep;
    if (this.itemStart >= 0) this.itemStart = 0;
  }

  /** The text kept: everything, once the answer turned out not to be an array. */
  rest(): string {
    return this.buffer;
  }

  private step(char: string): void {
    if (!this.started) {
      if (isSpace(char)) return;
      this.started = true;
      if (char === "[") this.depth = 1;
      else this.notArray = true;
      return;
    }
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (char === "\\") this.escaped = true;
      else if (char === '"') this.inString = false;
      return;
    }
    if (this.depth === 1 && this.itemStart < 0 && !isSpace(char) && char !== "," && char !== "]")
      this.itemStart = this.position - 1;
    if (char === '"') this.inString = true;
    else if (char === "{" || char === "[") this.depth++;
    else if (char === "}" || char === "]") {
      if (this.depth === 1) this.endItem(this.position - 1);
      this.depth--;
      if (this.depth === 0) this.done = true;
      else if (this.depth === 1 && this.itemStart >= 0) this.endItem(this.position);
    } else if (char === "," && this.depth === 1) this.endItem(this.position - 1);
  }

  private endItem(end: number): void {
    if (this.itemStart < 0) return;
    this.items.push(this.buffer.slice(this.itemStart, end));
    this.itemStart = -1;
  }
}

/** The answer's JSON: an array's first `take` items, or the whole value when it is no array. */
export async function readListAnswer(body: ReadableStream<Uint8Array>, take: number): Promise<ListRead> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const scanner = new ArrayScanner();
  let whole = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (scanner.notArray) whole += text;
      else {
        scanner.feed(text);
        if (scanner.notArray) whole = scanner.rest();
      }
      if (whole.length > MAX_OBJECT_ANSWER_CHARS || scanner.rest().length > MAX_OBJECT_ANSWER_CHARS)
        return { ok: false, reason: "too large" };
      if (scanner.items.length >= take || scanner.done || done) break;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  if (scanner.notArray) return parse(whole);
  if (!scanner.done && scanner.items.length < take) return { ok: false, reason: "malformed" };
  const items: unknown[] = [];
  for (const text of scanner.items.slice(0, take)) {
    const item = parse(text);
    if (!item.ok) return item;
    items.push(item.value);
  }
  return { ok: true, value: items };
}

function parse(text: string): ListRead {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}

function isSpace(char: string): boolean {
  return char === " " || char === "\n" || char === "\r" || char === "\t";
}
