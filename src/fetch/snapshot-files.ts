import {
  ArticlesResponseSchema,
  BlockDataResponseSchema,
  EventsResponseSchema,
  SiteSchema,
  SnapshotMetaSchema,
} from "../model/index.js";

/**
 * The files of a snapshot folder (docs/data-format.md): one per API answer, checked with the
 * same schema whether it is read from the folder or fetched, and meta.json. The snapshot
 * reader, the snapshot writer and the local API server all take the names from here.
 */
export const SNAPSHOT_DATA_FILES = {
  site: { file: "site.json", schema: SiteSchema },
  events: { file: "events.json", schema: EventsResponseSchema },
  blockData: { file: "block-data.json", schema: BlockDataResponseSchema },
  articles: { file: "articles.json", schema: ArticlesResponseSchema },
} as const;

export const SNAPSHOT_META_FILE = { file: "meta.json", schema: SnapshotMetaSchema } as const;

/** An API answer the build needs, named as in RawPartnerData. */
export type EndpointKey = keyof typeof SNAPSHOT_DATA_FILES;
