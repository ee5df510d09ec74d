/**
 * 'Sorting resources for you...' shown only while a navigation takes longer than 300 ms
 * (docs/product.md: no artificial start-up delay; the spec's words become the pending indicator).
 */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useLang } from "~/i18n/i18n-react";
import type { Lang } from "~/i18n/languages";

export const PENDING_DELAY_MS = 300;

/**
 * The indicator's words per language. Kept here, in the bundle, rather than in the catalogues
 * (docs/languages.md "Messages"): messages reach the page in its loader data, which is written into
 * the page's body, so the words would be in the document's text from the first paint instead of
 * appearing only once a navigation is slow (the frame browser test watches for exactly that).
 */
export const PENDING_TEXT: Record<Lang, string> = {
  en: "Sorting resources for you...",
  hi: "आपके लिए पेज तैयार हो रहा है...",
  kn: "ನಿಮಗಾಗಿ ಪುಟ ಸಿದ್ಧವಾಗುತ್ತಿದೆ...",
};

/** The polite status line, empty until a navigation has taken {@link PENDING_DELAY_MS}. */
export function PendingIndicator() {
  const lang = useLang();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PENDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div className="pending-indicator" role="status" aria-live="polite" data-visible={visible}>
      {visible ? PENDING_TEXT[lang] : ""}
    </div>
  );
}
