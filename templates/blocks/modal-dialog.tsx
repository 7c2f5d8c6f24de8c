import { useId } from "react";
import { optionalText, textOf } from "../../src/render/block-fields.js";
import type { BlockProps } from "../context.js";
import { islandAttributes } from "../ui/island.js";
import { RichText } from "../ui/rich-text.js";
import { SmartLink } from "../ui/smart-link.js";

/**
 * A dialog shown once per visitor: a closed <dialog> the modal island opens with
 * showModal() unless localStorage holds its storageKey. Its close button is a
 * method="dialog" form, so closing needs no script.
 */
export function ModalDialogBlock({ data }: BlockProps) {
  const titleId = useId();
  const title = textOf(data, "title");
  const link = optionalText(data, "link");
  return (
    <dialog className="modal" aria-labelledby={title ? titleId : undefined} {...islandAttributes("modal", { storageKey: textOf(data, "storageKey") || "modal" })}>
      {title ? (
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
      ) : null}
      <RichText html={data.body} />
      <div className="modal__actions">
        {link ? (
          <SmartLink href={link} className="button">
            {optionalText(data, "linkText") ?? "Les mer"}
          </SmartLink>
        ) : null}
        <form method="dialog">
          <button type="submit" className="button button--ghost">
            Lukk
          </button>
        </form>
      </div>
    </dialog>
  );
}
