/**
 * Search island (search-results block, spec 1, 2.1, 2.3): results over films, culture events
 * and articles from the build's Pagefind index, as the visitor types. It drives the page's
 * search fields (the search-field block and the header's, forms with name 'q' submitting to
 * this page): their value is the query, submitting searches here without a reload, and the
 * query lives in the URL (?q=, history.replaceState while typing), so a shared link, a reload
 * and the back button show the same results. The server renders the empty state; the query
 * is read from the URL in an effect, so hydration always matches.
 */
import { createElement, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { loadSearchEngine, type PagefindApi, type PagefindHit, type SearchIndexRef } from "./search-engine.js";
import { splitHitText, type TextPart } from "./search-snippet.js";

export interface SearchProps extends SearchIndexRef {
  /** Shown when nothing matches; empty: 'Ingen treff for «…».' */
  emptyText: string;
  /** Level of each result's heading (the block's heading level + 1). */
  hitLevel: 2 | 3;
  /** Results shown at first and added by 'Vis flere treff'. */
  pageSize: number;
}

export interface SearchHitView {
  url: string;
  title: TextPart[];
  type: string;
  date: string | null;
  dateText: string | null;
  snippet: TextPart[];
}

type Phase = "idle" | "searching" | "done" | "failed";

interface SearchState {
  phase: Phase;
  /** The query the shown results answer. */
  answered: string;
  hits: SearchHitView[];
  total: number;
}

const IDLE: SearchState = { phase: "idle", answered: "", hits: [], total: 0 };
/** Pause in typing before a search runs (submitting searches at once). */
export const SEARCH_DEBOUNCE_MS = 200;
export const QUERY_PARAM = "q";
const PROMPT = "Skriv inn et søkeord for å søke i filmer, arrangementer og artikler.";

export function Search({ basePath, cacheTag, emptyText, hitLevel, pageSize }: SearchProps) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<SearchState>(IDLE);
  const engine = useRef<PagefindApi | null>(null);
  const all = useRef<PagefindHit[]>([]);
  const latest = useRef(0);
  const index = { basePath, cacheTag };

  const run = useCallback(
    async (text: string) => {
      const ticket = ++latest.current;
      const trimmed = text.trim();
      if (!trimmed) {
        all.current = [];
        setState(IDLE);
        return;
      }
      setState((previous) => ({ ...previous, phase: "searching" }));
      try {
        engine.current ??= await loadSearchEngine({ basePath, cacheTag });
        const found = await engine.current.search(trimmed);
        if (ticket !== latest.current || !found) return;
        all.current = found.results;
        const hits = await loadHits(found.results.slice(0, pageSize));
        if (ticket !== latest.current) return;
        setState({ phase: "done", answered: trimmed, hits, total: found.results.length });
      } catch (error) {
        if (ticket !== latest.current) return;
        console.warn("search failed", error);
        setState({ ...IDLE, phase: "failed", answered: trimmed });
      }
    },
    [basePath, cacheTag, pageSize],
  );

  useSearchFields(query, setQuery, index);

  // Typing waits for a pause; the URL follows the query (replaceState keeps history.state,
  // which the page loader uses for scroll positions).
  useEffect(() => {
    const timer = setTimeout(() => {
      writeQueryToUrl(query);
      void run(query);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, run]);

  const showMore = async () => {
    const ticket = latest.current;
    const more = await loadHits(all.current.slice(state.hits.length, state.hits.length + pageSize));
    if (ticket === latest.current) setState((previous) => ({ ...previous, hits: [...previous.hits, ...more] }));
  };

  return (
    <div className="search-island">
      <p className="search-status" role="status" aria-live="polite" aria-atomic="true">
        {statusText(state, emptyText)}
      </p>
      <ol className="search-results__list" aria-busy={state.phase === "searching" ? true : undefined}>
        {state.hits.map((hit) => (
          <SearchHit key={hit.url} hit={hit} level={hitLevel} />
        ))}
      </ol>
      {state.phase !== "failed" && state.hits.length < state.total ? (
        <button type="button" className="button button--ghost search-more" onClick={() => void showMore()}>
          Vis flere treff ({state.total - state.hits.length} til)
        </button>
      ) : null}
    </div>
  );
}

/** One result: its title linking to the page, its type and date, and the text around the match. */
function SearchHit({ hit, level }: { hit: SearchHitView; level: 2 | 3 }) {
  return (
    <li className="search-hit">
      {createElement(`h${level}`, { className: "search-hit__title" }, <a href={hit.url}>{renderParts(hit.title)}</a>)}
      <p className="search-hit__meta">
        <span className="search-hit__type">{hit.type}</span>
        {hit.dateText ? <time dateTime={hit.date ?? undefined}>{hit.dateText}</time> : null}
      </p>
      {hit.snippet.length > 0 ? <p className="search-hit__snippet">{renderParts(hit.snippet)}</p> : null}
    </li>
  );
}

function statusText(state: SearchState, emptyText: string): string {
  if (state.phase === "failed") return "Søket kunne ikke lastes. Sjekk nettforbindelsen og prøv igjen.";
  if (state.phase === "idle" || !state.answered) return state.phase === "searching" ? "Søker …" : PROMPT;
  if (state.total === 0) return emptyText || `Ingen treff for «${state.answered}».`;
  return `${state.total} treff for «${state.answered}»`;
}

function renderParts(parts: TextPart[]): ReactNode[] {
  return parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text));
}

async function loadHits(hits: PagefindHit[]): Promise<SearchHitView[]> {
  const pages = await Promise.all(hits.map((hit) => hit.data()));
  return pages.map((page) => {
    const title = page.meta.title ?? page.url;
    const text = splitHitText(title, page.content, page.locations);
    return {
      url: page.url,
      title: text.title,
      type: page.meta.type ?? "",
      date: page.meta.date ?? null,
      dateText: page.meta.dateText ?? null,
      snippet: text.snippet,
    };
  });
}

/**
 * The page's search fields: every form[role=search] whose action is this page. Their value
 * follows the query; typing in one sets it; submitting searches without a reload; focusing
 * one starts loading the index, so the first results come sooner.
 */
function useSearchFields(query: string, setQuery: (value: string) => void, index: SearchIndexRef): void {
  const { basePath, cacheTag } = index;
  useEffect(() => {
    const fields = searchFieldsOfPage();
    const fromUrl = () => setQuery(readQueryFromUrl());
    fromUrl();
    const onInput = (event: Event) => setQuery((event.target as HTMLInputElement).value);
    const onSubmit = (event: Event) => {
      event.preventDefault();
      const input = (event.target as HTMLFormElement).querySelector<HTMLInputElement>(`input[name="${QUERY_PARAM}"]`);
      if (input) setQuery(input.value);
      // On a touch screen the keyboard would cover the results; elsewhere focus stays put.
      if (matchMedia("(pointer: coarse)").matches) input?.blur();
    };
    const onFocus = () => void loadSearchEngine({ basePath, cacheTag }).catch(() => undefined);
    for (const input of fields) {
      input.addEventListener("input", onInput);
      input.addEventListener("focus", onFocus);
      input.form?.addEventListener("submit", onSubmit);
    }
    window.addEventListener("popstate", fromUrl);
    return () => {
      for (const input of fields) {
        input.removeEventListener("input", onInput);
        input.removeEventListener("focus", onFocus);
        input.form?.removeEventListener("submit", onSubmit);
      }
      window.removeEventListener("popstate", fromUrl);
    };
  }, [setQuery, basePath, cacheTag]);
  useEffect(() => {
    for (const input of searchFieldsOfPage())
      if (input.value !== query && document.activeElement !== input) input.value = query;
  }, [query]);
}

function searchFieldsOfPage(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(`form[role="search"] input[name="${QUERY_PARAM}"]`)].filter(
    (input) => {
      const action = input.form?.getAttribute("action");
      return (
        action !== null &&
        action !== undefined &&
        new URL(action, location.href).pathname.replace(/\/$/, "") === location.pathname.replace(/\/$/, "")
      );
    },
  );
}

function readQueryFromUrl(): string {
  return new URLSearchParams(location.search).get(QUERY_PARAM) ?? "";
}

function writeQueryToUrl(query: string): void {
  const url = new URL(location.href);
  const trimmed = query.trim();
  if ((url.searchParams.get(QUERY_PARAM) ?? "") === trimmed) return;
  if (trimmed) url.searchParams.set(QUERY_PARAM, trimmed);
  else url.searchParams.delete(QUERY_PARAM);
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
