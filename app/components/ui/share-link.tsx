/**
 * A tracking link the customer can keep (docs/shop.md "Keeping the way back"): the whole
 * address in a read-only field (select and copy it by hand, also without JavaScript), a
 * 'Share on WhatsApp' link (`https://wa.me/?text=…`, a plain link that opens WhatsApp or its
 * web page with the text ready to send to oneself or to family) and, with JavaScript, a
 * 'Copy link' button (the Clipboard API; where it is refused the field's text is selected and
 * the customer is told to copy it). The address is the site's own (PUBLIC_URL, the root
 * loader's `origin`), never the request's Host. Needs the `share` messages in the page's loader.
 */
import { useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useLocalePath, useT } from "~/i18n/i18n-react";

/** `https://wa.me/?text=…` with `text` and `url` on one line, percent-encoded. */
export function whatsAppShareHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/**
 * The link block. `path` is site-relative and language-neutral (`/orders/<token>`); it is
 * shown in the page's language (`/hi/orders/<token>`). `shareText` goes before the link in the
 * WhatsApp message, in the page's language.
 */
export function ShareLink({ path, shareText }: { path: string; shareText: string }) {
  const t = useT();
  const id = useId();
  const to = useLocalePath();
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const url = `${root?.origin ?? ""}${to(path)}`;
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"no" | "yes" | "by-hand">("no");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopied("by-hand");
    }
  };
  return (
    <div className="share-link">
      <label htmlFor={id}>{t("share.label")}</label>
      <input
        id={id}
        ref={field}
        className="share-link__url"
        type="url"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="share-link__actions">
        <a
          className="button button--secondary"
          href={whatsAppShareHref(shareText, url)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("share.whatsapp")}
        </a>{" "}
        <button type="button" className="button button--secondary js-only" onClick={copy}>
          {t("share.copy")}
        </button>
      </p>
      <p className="share-link__status" role="status">
        {copied === "yes" ? t("share.copied") : copied === "by-hand" ? t("share.copyByHand") : ""}
      </p>
    </div>
  );
}
