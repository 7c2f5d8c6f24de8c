/**
 * The renderer's memos (src/shared/bounded-memo.ts) for the templates that memoise (sanitised CMS
 * HTML, stripped text, the footer's HTML): provided by createRenderer beside RenderContext,
 * and dropped with the renderer. A context of its own, not a field of RenderContext: only
 * server-side templates read it, and templates/context.ts also goes into the browser bundles,
 * whose bytes must not change for a server-side concern. Without a provider (a block rendered
 * alone) nothing is memoised.
 */
import { createContext, useContext } from "react";
import type { MemoSet } from "../src/shared/bounded-memo.js";

export const MemoContext = createContext<MemoSet | undefined>(undefined);

export function useMemos(): MemoSet | undefined {
  return useContext(MemoContext);
}
