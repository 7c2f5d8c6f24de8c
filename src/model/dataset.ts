import type { PartnerConfig, MemberServiceConfig } from "./partner-schema.js";
import type { Article } from "./article.js";
import type { BlockData } from "./block-data.js";
import type { Event, Production } from "./production.js";
import type { Site } from "./site.js";

/**
 * A showing joined to its production (event.production is an id in the raw data). A key
 * remapping rather than Omit: Omit over zod's loose objects (which carry an index signature)
 * would erase every known field.
 */
export type LinkedEvent = { [K in keyof Event as K extends "production" ? never : K]: Event[K] } & {
  production: Production;
};

/**
 * Everything the validate stage hands to query & bind: the partner's validated content,
 * with showings linked to their productions. Plain data; no stage mutates it.
 */
export interface Dataset {
  partner: PartnerConfig;
  /** Member-service configuration chosen by the first partner id (spec 1), or null. */
  memberService: MemberServiceConfig | null;
  site: Site;
  blockData: Record<string, BlockData>;
  articles: Article[];
  productions: Production[];
  events: LinkedEvent[];
  /** Reference time of the build (ISO 8601): decides what is past, current and upcoming. */
  now: string;
  /**
   * The live programme's run-time settings (src/isomorphic/time/live-clock.ts): which clock the islands
   * follow and the base URL of the credential-less public API for basic_events, or null.
   * Absent in datasets made outside a build (lint, tests): reference clock, no live counts.
   */
  live?: { clock: "visitor" | "reference"; apiUrl: string | null };
  /** When the data was captured (snapshot builds) or fetched (API builds). */
  capturedAt: string;
}

/** Validated API answers (snapshot or live), before cross-checking and linking. */
export interface RawPartnerData {
  meta: { capturedAt: string; source: string };
  site: Site;
  events: { productions: Production[]; events: Event[] };
  blockData: BlockData[];
  articles: Article[];
}
