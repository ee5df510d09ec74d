/**
 * 'Sorting resources for you...' shown only while a navigation takes longer than 300 ms
 * (docs/product.md: no artificial start-up delay; the spec's words become the pending indicator).
 */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useT } from "~/i18n/i18n-react";

export const PENDING_DELAY_MS = 300;

/** The polite status line, empty until a navigation has taken {@link PENDING_DELAY_MS}. */
export function PendingIndicator() {
  const t = useT();
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
      {visible ? t("form.pending") : ""}
    </div>
  );
}
