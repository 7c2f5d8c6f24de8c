/**
 * Text from the APIs (src/fetch/answer-text.ts): an answer is decoded with the charset its
 * Content-Type declares, and an answer that claims UTF-8 but holds bytes that are not (FF FE in
 * a film title, a cut multibyte character, an encoded surrogate) is refused naming endpoint,
 * record, field and byte offset, instead of publishing U+FFFD. A small proxy in front of the
 * local API server changes the events answer's bytes.
 */
import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { request } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ApiServer } from "../../src/api-server/index.js";
import { BuildError } from "../../src/errors/index.js";
import { fetchPartnerData } from "../../src/fetch/index.js";
import { createTestPartner, FAST, serveTestPartner, SNAPSHOT_178, type TestPartner } from "../fixtures/api/partners.js";

type Rewrite = (body: Buffer) => { body: Buffer; contentType?: string };

let partner: TestPartner;
let api: ApiServer;
let proxy: Server | undefined;
let proxyUrl = "";

beforeAll(async () => {
  partner = await createTestPartner({});
  api = await serveTestPartner(partner);
});
afterAll(async () => {
  await api.close();
  await partner.cleanup();
});
afterEach(async () => {
  await closeProxy();
});

async function closeProxy(): Promise<void> {
  const open = proxy;
  proxy = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
}

/** Serves the API through a proxy that rewrites the events answer. */
async function serveEventsAs(rewrite: Rewrite): Promise<void> {
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const upstream = await request(`${api.url}${req.url}`, {
      method: req.method as "GET",
      headers: { ...req.headers, host: new URL(api.url).host },
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    let body: Buffer = Buffer.from(await upstream.body.arrayBuffer());
    let contentType = String(upstream.headers["content-type"] ?? "");
    if (/\/sites\/178\/events$/.test(req.url ?? "") && upstream.statusCode === 200)
      ({ body, contentType = contentType } = rewrite(body));
    res.writeHead(upstream.statusCode, { "content-type": contentType, "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => proxy!.listen(0, "127.0.0.1", resolve));
  const address = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

const fetchThroughProxy = () => fetchPartnerData(partner.loaded, { apiUrl: proxyUrl, env: {}, ...FAST });

async function failureOf(rewrite: Rewrite): Promise<BuildError> {
  await serveEventsAs(rewrite);
  const error = await fetchThroughProxy().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BuildError);
  return error as BuildError;
}

/** The body with `bytes` in place of the UTF-8 of `find` (its first occurrence). */
function replaceBytes(body: Buffer, find: string, bytes: number[]): Buffer {
  const at = body.indexOf(Buffer.from(find));
  expect(at).toBeGreaterThan(0);
  return Buffer.concat([body.subarray(0, at), Buffer.from(bytes), body.subarray(at + Buffer.byteLength(find))]);
}

const title = (data: Awaited<ReturnType<typeof fetchThroughProxy>>) =>
  (data.events as unknown as { productions: { title: string }[] }).productions[0].title;

describe("text from the APIs", () => {
  it("refuses bytes FF FE in a film title, naming endpoint, record, field and byte offset", async () => {
    let offset = 0;
    const error = await failureOf((body) => {
      offset = body.indexOf(Buffer.from("Månens løft"));
      return { body: replaceBytes(body, "Månens", [0xff, 0xfe]) };
    });
    expect(error.code).toBe("E_ENCODING");
    expect(error.message).toBe(`invalid UTF-8 at byte ${offset}`);
    expect(error.location).toMatchObject({
      partner: 178,
      endpoint: `GET ${proxyUrl}/sites/178/events`,
      record: "productions[0]",
      field: "title",
    });
    expect(error.format()).not.toMatch(/\n.*\n/);
  });

  it("refuses a cut multibyte character and an encoded surrogate", async () => {
    // 'å' is C3 A5: C3 alone is a character cut in two.
    const cut = await failureOf((body) => ({ body: replaceBytes(body, "Månens", [0x4d, 0xc3, 0x6e]) }));
    expect(cut.message).toMatch(/^invalid UTF-8 at byte \d+$/);
    expect(cut.location).toMatchObject({ record: "productions[0]", field: "title" });
    const surrogate = await failureOf((body) => ({ body: replaceBytes(body, "Månens", [0xed, 0xa0, 0x80]) }));
    expect(surrogate.message).toMatch(/^invalid UTF-8 at byte \d+$/);
    expect(surrogate.location).toMatchObject({ record: "productions[0]", field: "title" });
  });

  it("decodes an answer labelled charset=ISO-8859-1 (or windows-1252) as such: ø, æ and å arrive intact", async () => {
    const snapshot = JSON.parse(await readFile(path.join(SNAPSHOT_178, "events.json"), "utf8")) as {
      productions: { title: string }[];
    };
    expect(snapshot.productions[0].title).toMatch(/[æøå]/);
    for (const label of ["ISO-8859-1", '"windows-1252"']) {
      await serveEventsAs((body) => ({
        body: Buffer.from(body.toString("utf8"), "latin1"),
        contentType: `application/json; charset=${label}`,
      }));
      const data = await fetchThroughProxy();
      expect(title(data), label).toBe(snapshot.productions[0].title);
      expect(JSON.stringify(data.events), label).not.toContain("\ufffd");
      await closeProxy();
    }
  });

  it("refuses a charset it cannot decode, naming it", async () => {
    const error = await failureOf((body) => ({ body, contentType: "application/json; charset=x-klingon" }));
    expect(error.message).toBe("the answer declares charset 'x-klingon', which cannot be decoded");
    expect(error.location.field).toBe("(Content-Type)");
  });
});
