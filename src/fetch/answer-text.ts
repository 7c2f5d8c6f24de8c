/**
 * The text of an API answer (docs/security.md, "Text from the APIs"): decoded with the charset its Content-Type declares
 * (an answer labelled ISO-8859-1 is not UTF-8: its ø/æ/å would all become U+FFFD), UTF-8 when
 * it declares none (RFC 8259 8.1), and refused when it claims UTF-8 but is not, naming the
 * endpoint, the record and the byte offset as the snapshot reader does for its files.
 */
import { BuildError, type ErrorLocation } from "../errors/index.js";
import { splitRecordPath } from "./issue-errors.js";
import { jsonPathAt } from "./json-path-at.js";
import { decodeUtf8OrNull, firstInvalidUtf8 } from "./strict-utf8.js";

/** Labels that mean UTF-8 (the WHATWG Encoding Standard's list). */
const UTF8_LABELS = new Set([
  "utf-8",
  "utf8",
  "unicode-1-1-utf-8",
  "unicode11utf8",
  "unicode20utf8",
  "x-unicode20utf8",
]);

/** The charset parameter of a Content-Type, lower-cased, or undefined. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType ?? "");
  return match ? match[2].toLowerCase() : undefined;
}

/** Decodes an answer's body; throws a located BuildError for bytes its charset cannot hold. */
export function answerText(body: Uint8Array, contentType: string | undefined, where: ErrorLocation): string {
  const charset = charsetOf(contentType) ?? "utf-8";
  if (UTF8_LABELS.has(charset)) return strictUtf8(body, where);
  let decoder: TextDecoder;
  try {
    // latin1, iso-8859-1 and us-ascii are windows-1252 to the Encoding Standard, as in browsers.
    decoder = new TextDecoder(charset, { fatal: true });
  } catch {
    throw new BuildError(
      `the answer declares charset '${charset}', which cannot be decoded`,
      { ...where, field: "(Content-Type)" },
      { code: "E_ENCODING", hint: "the API should answer in UTF-8" },
    );
  }
  try {
    return decoder.decode(body);
  } catch {
    throw new BuildError(`the answer is not valid ${charset}`, { ...where, field: "(body)" }, { code: "E_ENCODING" });
  }
}

function strictUtf8(body: Uint8Array, where: ErrorLocation): string {
  const text = decodeUtf8OrNull(body);
  if (text !== null) return text;
  const offset = firstInvalidUtf8(body);
  // Where the bad bytes are: the text before them is valid, so its length is their index.
  const index = new TextDecoder().decode(body.subarray(0, offset)).length;
  const { record, field } = splitRecordPath(jsonPathAt(new TextDecoder().decode(body), index));
  throw new BuildError(
    `invalid UTF-8 at byte ${offset}`,
    { ...where, record, field: field ?? "(body)" },
    { code: "E_ENCODING", hint: "the API should answer in UTF-8, or declare the charset it uses in Content-Type" },
  );
}
