/**
 * One template per component kind of the catalogue (src/model/components.ts, spec 3.3).
 * A test checks that every catalogue kind has its template here.
 */
import type { ComponentType } from "react";
import { AD_SLOT_KIND } from "../../src/model/components.js";
import type { BlockProps } from "../context.js";
import { AdSlotBlock } from "./adnuntius.js";
import { ArticleBlock } from "./article.js";
import { CardListBlock } from "./card-list.js";
import { CardBlock } from "./card.js";
import { ContentBlock } from "./content.js";
import { CoverFlowBlock } from "./cover-flow.js";
import { CoverBlock } from "./cover.js";
import { CultureProgramBlock } from "./culture-program.js";
import { EventsBlock } from "./events.js";
import { ManualCardListBlock } from "./manual-card-list.js";
import { ModalDialogBlock } from "./modal-dialog.js";
import { MovieCoverBlock } from "./movie-cover.js";
import { MovieInfoBlock } from "./movie-info.js";
import { MovieReviewsBlock } from "./movie-reviews.js";
import { MyPageBlock } from "./my-page.js";
import { NewsSubscribeBlock } from "./news-subscribe.js";
import { PosterBlock } from "./poster.js";
import { ProgramBlock } from "./program.js";
import { QuickLinksBlock } from "./quick-links.js";
import { ScheduleBlock } from "./schedule.js";
import { SearchFieldBlock } from "./search-field.js";
import { SearchResultsBlock } from "./search-results.js";
import { SlideshowBlock } from "./slideshow.js";
import { TicketListBlock } from "./ticket-list.js";
import { TicketBlock } from "./ticket.js";
import { TitleBlock } from "./title.js";

export const BLOCK_TEMPLATES: Readonly<Record<string, ComponentType<BlockProps>>> = {
  slideshow: SlideshowBlock,
  "quick-links": QuickLinksBlock,
  "modal-dialog": ModalDialogBlock,
  "card-list": CardListBlock,
  "manual-card-list": ManualCardListBlock,
  card: CardBlock,
  cover: CoverBlock,
  "cover-flow": CoverFlowBlock,
  poster: PosterBlock,
  content: ContentBlock,
  title: TitleBlock,
  schedule: ScheduleBlock,
  program: ProgramBlock,
  "culture-program": CultureProgramBlock,
  events: EventsBlock,
  "ticket-list": TicketListBlock,
  ticket: TicketBlock,
  "movie-cover": MovieCoverBlock,
  "movie-info": MovieInfoBlock,
  "movie-reviews": MovieReviewsBlock,
  "news-subscribe": NewsSubscribeBlock,
  "search-field": SearchFieldBlock,
  "search-results": SearchResultsBlock,
  "my-page": MyPageBlock,
  article: ArticleBlock,
  [AD_SLOT_KIND]: AdSlotBlock,
};

/** Kinds whose title may be the page's h1 when the block comes first (docs/rendering.md). */
export const PAGE_HEADING_KINDS = new Set([
  "title",
  "cover",
  "movie-cover",
  "article",
  "content",
  "program",
  "culture-program",
  "events",
  "schedule",
  "search-field",
  "my-page",
  "ticket-list",
  "card-list",
  "manual-card-list",
]);
