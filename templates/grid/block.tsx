import type { ResolvedBlock } from "../../src/model/index.js";
import { blockDataOf } from "../../src/isomorphic/block-fields.js";
import { BLOCK_TEMPLATES } from "../blocks/index.js";
import { useRender } from "../context.js";

/**
 * One block: the template of its kind with the data of the page's locale, in a wrapper that
 * names its kind. No block id: nothing reads it (islands get their props inline, the page
 * data holds no blocks), and five UUIDs were 0.3 KB of a film page (docs/performance.md).
 * Unknown kinds are rejected before rendering (src/render/index.ts).
 */
export function Block({ block, headingLevel, hero }: { block: ResolvedBlock; headingLevel: 1 | 2; hero: boolean }) {
  const { page } = useRender();
  const Template = BLOCK_TEMPLATES[block.component];
  const data = blockDataOf(block, page.locale);
  if (!Template || !data) return null;
  return (
    <div className={`block block--${block.component}`}>
      <Template block={block} data={data} headingLevel={headingLevel} hero={hero} />
    </div>
  );
}
