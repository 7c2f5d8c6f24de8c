/**
 * The programme island's filters (docs/spec-decisions.md "Programme filters"; the model is
 * src/isomorphic/programme-filters.ts). The filters live in the URL's query: read after
 * hydration (the server render and the first client render show every showing, so hydration
 * never mismatches), written with one history entry per change, so the back button undoes a
 * change and a shared or reloaded link shows the same filters. Without JavaScript the listing
 * shows everything and the panel stays invisible (not absent: it appears without a layout
 * shift; its options render only once hydrated, inside the closed <details>).
 */
import { useEffect, useState, type ChangeEvent } from "react";
import { formatDay } from "../../src/isomorphic/oslo-date.js";
import {
  activeKeys,
  AGE_LIMITS,
  FILTER_NAMES,
  NO_FILTERS,
  parseFilters,
  QUICK_VIEWS,
  serializeFilters,
  TIMES_OF_DAY,
  valueLabel,
  valuesOf,
  withValues,
  type FilterKey,
  type FilterOptions,
  type ProgrammeFilters,
  type Widening,
} from "../../src/isomorphic/programme-filters.js";

export interface FilterState {
  filters: ProgrammeFilters;
  /** Hydrated and the URL read: the panel shows. */
  ready: boolean;
  set: (next: ProgrammeFilters) => void;
}

/** The filters of the page's URL, kept in step with the history (pushState per change, popstate). */
export function useProgrammeFilters(): FilterState {
  const [filters, setFilters] = useState<ProgrammeFilters>(NO_FILTERS);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const fromUrl = () => setFilters(parseFilters(location.search));
    fromUrl();
    setReady(true);
    addEventListener("popstate", fromUrl);
    return () => removeEventListener("popstate", fromUrl);
  }, []);
  const set = (next: ProgrammeFilters) => {
    const query = serializeFilters(next, location.search);
    if (query !== location.search) history.pushState(null, "", `${location.pathname}${query}${location.hash}`);
    setFilters(next);
  };
  return { filters, ready, set };
}

export interface FilterPanelProps {
  state: FilterState;
  options: FilterOptions;
  /** Showings listed with the filters, and without. */
  shown: number;
  total: number;
}

/** Quick views, the other filters in a disclosure, and how many showings match. */
export function FilterPanel({ state, options, shown, total }: FilterPanelProps) {
  const { filters, ready, set } = state;
  const active = activeKeys(filters);
  const toggleView = (value: string) => set(withValues(filters, "vis", filters.vis === value ? [] : [value]));
  return (
    <div className="filters" data-ready={ready ? "" : undefined}>
      <div className="filters__quick" role="group" aria-label="Hurtigvalg">
        {QUICK_VIEWS.map((view) => (
          <button
            type="button"
            key={view.value}
            className="filters__chip"
            aria-pressed={filters.vis === view.value}
            onClick={() => toggleView(view.value)}
          >
            {view.label}
          </button>
        ))}
      </div>
      <details className="filters__more">
        <summary>
          Filtrer
          {active.length > 0 ? ` (${active.length})` : ""}
        </summary>
        {ready ? <FilterFields filters={filters} options={options} set={set} /> : null}
      </details>
      <p className="filters__count" role="status">
        {ready ? countText(shown, total, active.length > 0) : ""}
      </p>
      {active.length > 0 && shown > 0 ? (
        <button type="button" className="button button--ghost filters__reset" onClick={() => set(NO_FILTERS)}>
          Nullstill filtre
        </button>
      ) : null}
    </div>
  );
}

function countText(shown: number, total: number, filtered: boolean): string {
  const showings = (n: number) => (n === 1 ? "1 visning" : `${n} visninger`);
  if (!filtered) return `${showings(total)}.`;
  return shown === 0
    ? `Ingen av ${showings(total)} passer filtrene.`
    : `${showings(shown)} av ${total} passer filtrene.`;
}

function FilterFields({
  filters,
  options,
  set,
}: {
  filters: ProgrammeFilters;
  options: FilterOptions;
  set: (next: ProgrammeFilters) => void;
}) {
  const choose = (key: FilterKey) => (event: ChangeEvent<HTMLSelectElement>) =>
    set(withValues(filters, key, event.target.value ? [event.target.value] : []));
  const ages = options.alder.length > 0 ? options.alder : AGE_LIMITS;
  return (
    <div className="filters__fields">
      <label className="filters__select">
        {FILTER_NAMES.alder}
        <select value={filters.alder ?? ""} onChange={choose("alder")}>
          <option value="">Alle</option>
          {ages.map((age) => (
            <option key={age} value={age}>
              {valueLabel("alder", age)}
            </option>
          ))}
        </select>
      </label>
      <label className="filters__select">
        {FILTER_NAMES.tid}
        <select value={filters.tid ?? ""} onChange={choose("tid")}>
          <option value="">Hele dagen</option>
          {TIMES_OF_DAY.map((time) => (
            <option key={time.value} value={time.value}>
              {time.label}
            </option>
          ))}
        </select>
      </label>
      {(["merke", "tale", "tekst", "format", "sal"] as const).map((key) =>
        options[key].length > 0 ? (
          <CheckGroup key={key} name={key} values={options[key]} filters={filters} set={set} />
        ) : null,
      )}
    </div>
  );
}

function CheckGroup({
  name,
  values,
  filters,
  set,
}: {
  name: "merke" | "tale" | "tekst" | "format" | "sal";
  values: string[];
  filters: ProgrammeFilters;
  set: (next: ProgrammeFilters) => void;
}) {
  const chosen = filters[name];
  // A value of the URL the listing no longer has stays listed, so it can be taken away.
  const all = [...new Set([...values, ...chosen])];
  const toggle = (value: string) =>
    set(withValues(filters, name, chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value]));
  return (
    <fieldset className="filters__group">
      <legend>{FILTER_NAMES[name]}</legend>
      {all.map((value) => (
        <label key={value} className="filters__check">
          <input type="checkbox" checked={chosen.includes(value)} onChange={() => toggle(value)} />
          {value}
        </label>
      ))}
    </fieldset>
  );
}

export interface NoMatchProps {
  state: FilterState;
  widen: Widening | null;
}

/** When the filters leave nothing (the count says so): which filter to remove, or reset them. */
export function NoMatch({ state, widen }: NoMatchProps) {
  const { filters, set } = state;
  return (
    <div className="filters__none">
      <p className="filters__widen">
        {widen ? (
          <button type="button" className="button" onClick={() => set(withValues(filters, widen.key, []))}>
            {`Fjern «${valuesOf(filters, widen.key)
              .map((value) => valueLabel(widen.key, value))
              .join(", ")}» (${widen.count} ${widen.count === 1 ? "visning" : "visninger"})`}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={() => set(NO_FILTERS)}>
          Nullstill filtre
        </button>
      </p>
    </div>
  );
}

/**
 * The days of the quick view that are not on this page (a programme page holds its first days,
 * the rest are on day pages): links to them with the filters, so 'Helg' on a Monday leads on.
 */
export function Elsewhere({
  filters,
  days,
  today,
}: {
  filters: ProgrammeFilters;
  days: { date: string; path: string }[];
  today: string;
}) {
  if (days.length === 0) return null;
  const query = serializeFilters(filters);
  return (
    <p className="filters__elsewhere">
      {"Flere visninger "}
      {days.map(({ date, path }, index) => (
        <span key={date}>
          {index > 0 ? " og " : ""}
          <a href={`${path}${query}`}>{formatDay(date, { now: today })}</a>
        </span>
      ))}
      .
    </p>
  );
}
