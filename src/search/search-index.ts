/**
 * The search index, built at build time with Pagefind (docs/search.md): a chunked index the
 * browser loads piece by piece (only the chunks and fragments a query touches), with Snowball
 * stemming for Norwegian ('kinoen' is found by 'kino'). Pagefind's Node API returns the files
 * in memory; they leave here as OutputFiles, so the atomic writer stays the only code that
 * writes. Everything sits under one folder named by the hash of its contents, below /assets/,
 * so the whole index is an immutable, versioned asset (the _headers rule for /assets/*).
 */
import * as pagefind from "pagefind";
import { hashAsset } from "../shared/content-hash.js";
import { installedVersion } from "../shared/package-version.js";
import type { SearchIndexAssets } from "../model/assets.js";
import type { OutputFile } from "../model/output-file.js";
import { renderSearchDocument } from "./search-document.js";
import { memoisedIndexFiles, type IndexFile } from "./search-index-memo.js";
import type { SearchRecord } from "./search-records.js";

export interface SearchIndexOptions {
  records: SearchRecord[];
  /** The pages' language (<html lang>): Pagefind picks the index and stemmer by it. */
  language: string;
}

export interface SearchIndexResult {
  files: OutputFile[];
  assets: SearchIndexAssets;
}

export const SEARCH_ASSETS_DIR = "assets/search";

/**
 * Pagefind writes its UI kits beside the index; the island renders its own results, so only
 * the search library, its worker, the WebAssembly and the index itself are published.
 */
const KEEP =
  /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|(index|fragment|filter)\/[^/]+)$/;

/** Records sent to the Pagefind process per round trip. */
const BATCH = 200;

export async function buildSearchIndex(options: SearchIndexOptions): Promise<SearchIndexResult> {
  const started = startSearchIndex(options);
  return { assets: started.assets, files: await started.files };
}

/** The index's URL at once, its files once Pagefind is done. */
export interface StartedSearchIndex {
  assets: SearchIndexAssets;
  files: Promise<OutputFile[]>;
  /**
   * Whether the build should have the files before it makes the site files and renders
   * (FINISH_BEFORE_RENDER_FROM): a large index is finished while the build's own heap is small.
   */
  finishBeforeRender: boolean;
}

/**
 * Records from which the build waits for the index before it makes the site files and renders.
 * Pagefind's last step (the index and fragments, in its own process) holds about 45 KB a record
 * at its peak: ~490 MiB at 10,000 films (11,200 records). Beside the render's own peak that took
 * the process group to 1.28 GiB. Finished while the build thread still held its data and routes
 * only (~370–440 MiB), the group peaked at 863–916 MiB; during the site files it had been
 * 951–996 MiB (their calendar feeds alone are 88 MiB of text). Waiting costs the build the
 * overlap with the site files (3.5 s of 45 at 10,000 films), and Pagefind no longer competes
 * with the render workers for the two cores. At 2,000 films (2,500 records, ~110 MiB) waiting
 * cost 1–2 s and saved nothing that mattered, so smaller indexes still build beside the render
 * (docs/performance.md "The search index before the render").
 */
export const FINISH_BEFORE_RENDER_FROM = 5_000;

/**
 * Starts Pagefind on the records and names the index's folder before it finishes: the folder
 * is the hash of everything the index is made from (the documents in order, the language and
 * Pagefind's version), and Pagefind gives the same bytes for the same input (tested), so the
 * name versions the files exactly as a hash of the output would, and keys the index's disk memo
 * (./search-index-memo.ts). The pages, which only need the folder's name, render while Pagefind
 * works in its own process.
 */
export function startSearchIndex({ records, language }: SearchIndexOptions): StartedSearchIndex {
  const documents = records.map((record) => ({ url: record.url, content: renderSearchDocument(record, language) }));
  const hash = hashAsset(
    [`pagefind ${installedVersion("pagefind")}`, language, ...documents.map((d) => `${d.url}\0${d.content}`)].join(
      "\n",
    ),
  );
  const dir = `${SEARCH_ASSETS_DIR}/${hash}`;
  const files = memoisedIndexFiles(hash, () => indexDocuments(documents)).then((kept) =>
    kept.map((file) => ({ path: `${dir}/${file.path}`, contents: file.contents })),
  );
  return {
    assets: { basePath: `/${dir}/`, cacheTag: hash, records: records.length },
    files,
    finishBeforeRender: records.length >= FINISH_BEFORE_RENDER_FROM,
  };
}

async function indexDocuments(documents: { url: string; content: string }[]): Promise<IndexFile[]> {
  const files = await withPagefind(async (index) => {
    // Sent in batches, each awaited before the next: the service indexes them in the order
    // given, so the same records give the same bytes.
    for (let start = 0; start < documents.length; start += BATCH) {
      const answers = await Promise.all(
        documents.slice(start, start + BATCH).map((document) => index.addHTMLFile(document)),
      );
      failOn(
        answers.flatMap((answer) => answer.errors),
        "adding a page",
      );
    }
    const result = await index.getFiles();
    failOn(result.errors, "writing the index");
    return result.files;
  });
  const wasm = wasmFilesOf(files);
  return files
    .map((file) => ({ path: file.path.replace(/\\/g, "/"), contents: file.content }))
    .filter((file) => KEEP.test(file.path) || wasm.has(file.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The WebAssembly files the entry's languages load (Pagefind also writes one for unknown languages). */
function wasmFilesOf(files: { path: string; content: Uint8Array }[]): Set<string> {
  const entry = files.find((file) => file.path === "pagefind-entry.json");
  if (!entry) throw new Error("internal: search index: pagefind wrote no pagefind-entry.json");
  const languages =
    (JSON.parse(new TextDecoder().decode(entry.content)) as { languages?: Record<string, { wasm?: string }> })
      .languages ?? {};
  return new Set(Object.values(languages).map((language) => `wasm.${language.wasm ?? "unknown"}.pagefind`));
}

type PagefindIndex = NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>["index"]>;

/** Users of the Pagefind service in this process: it is closed when the last one is done. */
let openIndexes = 0;

async function withPagefind<T>(use: (index: PagefindIndex) => Promise<T>): Promise<T> {
  openIndexes += 1;
  try {
    const created = await pagefind.createIndex({});
    failOn(created.errors, "starting");
    if (!created.index) throw new Error("internal: search index: pagefind returned no index");
    try {
      return await use(created.index);
    } finally {
      await created.index.deleteIndex();
    }
  } finally {
    openIndexes -= 1;
    // The service is a child process: left open, it would keep the CLI from exiting.
    if (openIndexes === 0) await pagefind.close();
  }
}

/**
 * Keeps the Pagefind service open between indexes until the returned function is called:
 * several partners built in one process (src/recipe/build-tools.ts) start its process once.
 */
export function holdPagefind(): () => Promise<void> {
  openIndexes += 1;
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    openIndexes -= 1;
    if (openIndexes === 0) await pagefind.close();
  };
}

function failOn(errors: string[], step: string): void {
  if (errors.length > 0) throw new Error(`internal: search index: pagefind failed ${step}: ${errors.join("; ")}`);
}
