import { optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import { sanitizeCmsHtml } from "../../src/render/sanitize.js";
import type { BlockProps } from "../context.js";
import { useMemos } from "../memo-context.js";
import { Island } from "../ui/island.js";

/** The modal-dialog block: the modal island (templates/islands/modal.tsx), shown once per visitor. */
export function ModalDialogBlock({ data }: BlockProps) {
  const memos = useMemos();
  return (
    <Island
      kind="modal"
      when="idle"
      props={{
        storageKey: textOf(data, "storageKey") || "modal",
        title: textOf(data, "title"),
        bodyHtml: sanitizeCmsHtml(data.body, undefined, memos),
        link: optionalText(data, "link") ?? null,
        linkText: optionalText(data, "linkText") ?? "Les mer",
      }}
    />
  );
}
