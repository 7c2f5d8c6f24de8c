/** Block-data binding builders (docs/data-format.md, worked example). */
import type { BindingMap, BoundValue } from "../../src/model/index.js";

export const lit = (text: string | null): BoundValue => ({ binding: text, source: null });
export const bind = (expression: string, source: string): BoundValue => ({ binding: expression, source });

const POSTER = "image:w=225&h=340&fit=crop&auto=compress&crop=faces,top";

function featureItems(): BoundValue {
  return { binding: "@", source: "features", item: { name: bind("@value", "features"), highlight: lit("false") } };
}

/** Programme ticket fields bound from an event source (spec 3.5). */
export function ticketItem(source: string): BindingMap {
  return {
    id: bind("@key", source),
    date: bind("@begin", source),
    location: bind("@location.name", source),
    link: bind("@purchaseUrl", source),
    count: bind("@ticketSales[0].available", source),
    ticketSaleType: bind("@ticketSaleType", source),
    ticketSaleWebStartDate: bind("@ticketSales[0].beginWeb", source),
    highlightHeading: lit(""),
    highlightBody: lit(""),
    adFlags: bind("@advertisementFlags.value", source),
    adFlagsView: {
      binding: "@",
      source: "advertisementFlagsView",
      item: { flag: bind("@flag", "advertisementFlagsView"), view: bind("@view", "advertisementFlagsView") },
    },
  };
}

/** Programme event fields bound from a production source (spec 3.5). */
export function programmeItem(
  productions: string,
  events: string,
  linkField: "parentSlug" | "pageReference",
): BindingMap {
  return {
    id: bind("@id", productions),
    title: bind("@parentTitle", productions),
    image: bind(`@assets[type=first_poster].url | ${POSTER}`, productions),
    description: bind("@contents[0].summary", productions),
    cast: bind("@properties[property=actor].value", productions),
    link: bind(`/{@${linkField}}`, productions),
    type: bind("@objectClass", productions),
    category: bind("@classTitle", productions),
    club: bind("@properties[property=kinoklubb].value", productions),
    begin: bind("@begin", productions),
    features: featureItems(),
    tickets: { binding: "@", source: events, item: ticketItem(events) },
    properties: {
      binding: "@",
      source: "properties",
      item: { property: bind("@property", "properties"), value: bind("@value", "properties") },
    },
  };
}

export interface ProgrammeOptions {
  title: string;
  displayMode?: number;
  showCount?: boolean;
  filterType?: "date" | "none";
  adFlags?: string;
  linkField?: "parentSlug" | "pageReference";
}

export function programmeBindings(o: ProgrammeOptions, productions = "productions", events = "events"): BindingMap {
  return {
    title: lit(o.title),
    filter: { type: lit(o.filterType ?? "date"), from: lit(""), to: lit("") },
    ticketDisplayMode: lit(String(o.displayMode ?? 10)),
    showTicketCount: lit(String(o.showCount ?? true)),
    adFlagsFilter: lit(o.adFlags ?? ""),
    events: {
      binding: "@",
      source: productions,
      item: programmeItem(productions, events, o.linkField ?? "parentSlug"),
    },
  };
}

/**
 * A schedule: showings of an event source, each with its production. A schedule may mix films
 * and culture events; culture pages live at their pageReference, films at their parentSlug.
 */
export function scheduleBindings(title: string, events = "events"): BindingMap {
  return {
    title: lit(title),
    ticketDisplayMode: lit("10"),
    showTicketCount: lit("true"),
    events: {
      binding: "@",
      source: events,
      item: {
        ...ticketItem(events),
        title: bind("@production.parentTitle", events),
        productionLink: bind("/{@production.pageReference ?? @production.parentSlug}", events),
        image: bind(`@production.assets[type=first_poster].url | ${POSTER}`, events),
        features: {
          binding: "@production.features",
          source: events,
          item: { name: bind("@value", events), highlight: lit("false") },
        },
      },
    },
  };
}

/** Cards of films or culture productions: culture pages live at their pageReference. */
export function productionCards(source: string): BindingMap {
  return {
    title: bind("@parentTitle", source),
    text: bind("@contents[0].summary", source),
    image: bind(`@assets[type=first_poster].url | ${POSTER}`, source),
    link: bind("/{@pageReference ?? @parentSlug}", source),
    label: bind("@classTitle", source),
    date: bind("@begin", source),
  };
}

export function articleCards(source: string): BindingMap {
  return {
    title: bind("@title", source),
    text: bind("@content | text | truncate:140", source),
    image: bind("@thumbnail", source),
    link: bind("/article/{@slug}", source),
    linkText: lit("Les mer"),
  };
}
