/**
 * Loads a page's two resources, its data file and its HTML (spec 2.1, 7.4), recording every
 * outcome for the online judgement (an answer of any status means the network works). A resource that fails rejects with ResourceFailure naming
 * which one, so the caller logs the spec 8 message and falls back to a full navigation.
 * Prefetches share the promises: a hover that already fetched makes the click instant.
 */
import type { PageData } from "../../src/isomorphic/page-data-contract.js";
import type { LoadOutcomes } from "./online-status.js";
import { pageDataUrlOf, pageHtmlUrlOf, type ManifestEntry } from "./page-manifest.js";

export interface PageResources {
  data: PageData;
  html: string;
}

export type ResourceName = "JSON" | "component" | "Layout";

/** Which resource failed, for the console line after the spec 8 message. */
export interface ResourceFailure extends Error {
  resource: ResourceName;
  url: string;
}

export function resourceFailure(resource: ResourceName, url: string, cause?: unknown): ResourceFailure {
  return Object.assign(new Error(`${resource} ${url}`, { cause }), { resource, url });
}

export interface ResourceLoader {
  /** GET a JSON file, recording the outcome. */
  json(url: string): Promise<unknown>;
  /** The data file and HTML of a page; with `html: false` the data file alone (viewport prefetch). */
  page(entry: ManifestEntry, options?: { html?: boolean }): Promise<PageResources>;
}

export function createResourceLoader(
  outcomes: LoadOutcomes,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ResourceLoader {
  const cache = new Map<string, Promise<unknown>>();

  const load = <T>(url: string, read: (response: Response) => Promise<T>, resource: ResourceName): Promise<T> => {
    let pending = cache.get(url) as Promise<T> | undefined;
    if (pending) return pending;
    pending = fetchImpl(url, { credentials: "same-origin" })
      .then(
        (response) => {
          // Any answer proves the network works; only a failed fetch counts against it.
          outcomes.record(true);
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return read(response);
        },
        (error: unknown) => {
          outcomes.record(false);
          throw error;
        },
      )
      .catch((error: unknown) => {
        cache.delete(url);
        throw resourceFailure(resource, url, error);
      });
    // A prefetch nobody awaits must not surface as an unhandled rejection.
    pending.catch(() => undefined);
    cache.set(url, pending);
    return pending;
  };

  return {
    json: (url) => load(url, (response) => response.json() as Promise<unknown>, "JSON"),
    async page(entry, options = {}) {
      const data = load(pageDataUrlOf(entry), readPageData, "JSON");
      if (options.html === false) return { data: await data, html: "" };
      const html = load(pageHtmlUrlOf(entry), (response) => response.text(), "component");
      const [pageData, pageHtml] = await Promise.all([data, html]);
      return { data: pageData, html: pageHtml };
    },
  };
}

async function readPageData(response: Response): Promise<PageData> {
  const data = (await response.json()) as PageData;
  if (!data || typeof data !== "object" || typeof data.title !== "string") throw new Error("not a page data file");
  return data;
}
