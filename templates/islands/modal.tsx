/**
 * Modal island (modal-dialog block): a <dialog> shown once per visitor. The server writes it
 * closed; in the browser it opens with showModal() (native focus trap and Escape) unless
 * localStorage holds its storageKey, which closing sets. Its close button is a
 * method="dialog" form, so closing needs no script.
 */
import { useEffect, useId, useRef } from "react";
import { safeHref } from "../ui/smart-link.js";

export interface ModalProps {
  storageKey: string;
  title: string;
  /** Sanitised at build time (src/render/sanitize.ts). */
  bodyHtml: string;
  link: string | null;
  linkText: string;
}

const SEEN = "1";

export function Modal({ storageKey, title, bodyHtml, link, linkText }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element || seen(storageKey)) return;
    const remember = () => {
      try {
        localStorage.setItem(storageKey, SEEN);
      } catch {
        // Storage blocked: the dialog may show again on the next visit.
      }
    };
    element.addEventListener("close", remember, { once: true });
    const show = () => !element.open && element.showModal();
    // The consent banner (client/consent-banner.ts, #samtykke; preloaded, so on the page before
    // the islands hydrate) is answered first: two overlays at once hide each other.
    const bannerOpen = () => document.getElementById("samtykke") !== null;
    const waiting = bannerOpen() ? new MutationObserver(() => !bannerOpen() && (waiting!.disconnect(), show())) : null;
    if (waiting) waiting.observe(document.body, { childList: true });
    else show();
    return () => {
      waiting?.disconnect();
      element.removeEventListener("close", remember);
    };
  }, [storageKey]);
  const href = link ? safeHref(link) : null;
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={title ? titleId : undefined}>
      {title ? (
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
      ) : null}
      {bodyHtml ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: bodyHtml }} /> : null}
      <div className="modal__actions">
        {href ? (
          <a href={href} className="button">
            {linkText}
          </a>
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

function seen(storageKey: string): boolean {
  try {
    return localStorage.getItem(storageKey) === SEEN;
  } catch {
    return false;
  }
}
