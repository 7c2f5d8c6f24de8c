/**
 * The path of the JSON value at a character index ('events', 3, 'title'), so an error about
 * bytes of an answer can name the record and field they are in (src/fetch/answer-text.ts).
 * A small scanner rather than JSON.parse, which keeps no positions; on text that is not JSON
 * it returns what it found so far (an empty path at worst).
 */
export function jsonPathAt(text: string, target: number): (string | number)[] {
  const path: (string | number)[] = [];
  let i = 0;
  let found: (string | number)[] | null = null;

  const space = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) i++;
  };
  /** Skips a string; true when the target lies inside it. */
  const string = (): boolean => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return target >= start && target < i;
  };
  const key = (): string => {
    const start = i;
    const inside = string();
    let name: string;
    try {
      name = JSON.parse(text.slice(start, i)) as string;
    } catch {
      name = text.slice(start + 1, i - 1);
    }
    if (inside) found = [...path, name];
    return name;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      space();
      if (text[i] === close) return void i++;
      for (let n = 0; found === null && i < text.length; n++) {
        space();
        if (c === "{") {
          path.push(key());
          space();
          i++; // ':'
        } else path.push(n);
        value();
        path.pop();
        space();
        if (text[i++] !== ",") return;
      }
      return;
    }
    if (c === '"') {
      if (string()) found = [...path];
      return;
    }
    while (i < text.length && !",]} \n\r\t".includes(text[i])) i++;
  };

  try {
    value();
  } catch {
    // Too deep for the stack: name no place rather than fail the error report.
  }
  return found ?? [];
}
