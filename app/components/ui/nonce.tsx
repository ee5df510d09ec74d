/**
 * The per-request CSP nonce for inline scripts React Router renders (entry.server.tsx
 * provides it; in the browser it is the empty string, which is what browsers expose).
 */
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The current request's nonce on the server; "" in the browser. */
export function useNonce(): string {
  return useContext(NonceContext);
}
