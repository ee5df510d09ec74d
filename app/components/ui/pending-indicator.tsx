/**
 * 'Sorting resources for you...' shown only while a navigation takes longer than 300 ms
 * (docs/product.md: no artificial start-up delay; the spec's words become the pending indicator).
 */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

export const PENDING_DELAY_MS = 300;

export function PendingIndicator() {
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
      {visible ? "Sorting resources for you..." : ""}
    </div>
  );
}
