/**
 * Analytics after consent (spec 3.6, 7.6): loads the partner's tracking script (gtag) and
 * social pixel only once the visitor agreed (client/consent.ts), then sends 'view_item' on
 * film and culture pages and 'select_content' when a purchase link is clicked, each with one
 * item at list position 1. The tracking ids and the ticketing host come from <body> data
 * attributes written by the renderer; the item from the page data (src/isomorphic/page-data-contract.ts)
 * or, on listing pages, from the film row around the link and its list (listingItemOf).
 */
import { ANALYTICS_LIST_POSITION, listingItemOf, type AnalyticsItem } from "../src/isomorphic/analytics-item.js";
import type { PageData } from "../src/isomorphic/page-data-contract.js";

type Gtag = (...args: unknown[]) => void;
interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  fbq?: ((...args: unknown[]) => void) & {
    queue?: unknown[];
    callMethod?: unknown;
    loaded?: boolean;
    version?: string;
  };
}

const GTAG_URL = "https://www.googletagmanager.com/gtag/js?id=";
const PIXEL_URL = "https://connect.facebook.net/en_US/fbevents.js";

export interface Analytics {
  /** A page is shown (first load or the loader's swap): view_item where it has an item. */
  pageShown(data: PageData): void;
}

export function startAnalytics(): Analytics | null {
  const { analyticsId, pixelId, ticketHost } = document.body.dataset;
  if (!analyticsId && !pixelId) return null;
  const w = window as Window & AnalyticsWindow;
  let current: PageData | null = null;
  let gtag: Gtag | null = null;
  if (analyticsId) {
    w.dataLayer ??= [];
    // gtag queues its arguments objects, exactly as Google's snippet does.
    gtag = w.gtag = function () {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
    gtag("js", new Date());
    gtag("config", analyticsId);
    addScript(GTAG_URL + encodeURIComponent(analyticsId));
  }
  if (pixelId) startPixel(w, pixelId);

  const send = (event: "view_item" | "select_content", item: AnalyticsItem) =>
    gtag?.("event", event, { content_type: "product", items: [{ ...item, listPosition: ANALYTICS_LIST_POSITION }] });

  if (ticketHost && gtag) {
    const ticketOrigin = new URL(ticketHost).origin;
    // Capture phase: recorded before the browser leaves for the ticketing provider.
    document.addEventListener(
      "click",
      (event) => {
        const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
        if (!link || link.origin !== ticketOrigin) return;
        const item = itemAround(link) ?? current?.analyticsItem;
        if (item) send("select_content", item);
      },
      true,
    );
  }
  return {
    pageShown(data) {
      const first = current === null;
      current = data;
      if (!first) gtag?.("event", "page_view", { page_title: data.title, page_location: location.href });
      if (data.analyticsItem) send("view_item", data.analyticsItem);
    },
  };
}

function itemAround(link: Element): AnalyticsItem | null {
  const row = link.closest("[data-analytics-item]");
  if (!row) return null;
  return listingItemOf(
    row.getAttribute("data-analytics-item"),
    row.closest("[data-analytics-list]")?.getAttribute("data-analytics-list"),
  );
}

function startPixel(w: AnalyticsWindow, pixelId: string): void {
  // The queueing stub of the pixel's own snippet: calls wait until fbevents.js has loaded.
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) (fbq.callMethod as (...a: unknown[]) => void)(...args);
    else fbq.queue!.push(args);
  }) as NonNullable<AnalyticsWindow["fbq"]>;
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = "2.0";
  w.fbq = fbq;
  addScript(PIXEL_URL);
  fbq("init", pixelId);
  fbq("track", "PageView");
}

function addScript(src: string): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.append(script);
}
