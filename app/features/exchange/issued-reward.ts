/**
 * What the customer received when a weigh sheet was confirmed (docs/exchange.md "Rewards"):
 * issued by `confirmation.server.ts`, told to the customer by `exchange-messages.server.ts`.
 * Money in integer paise; a coupon's `expiresAt` an instant.
 */
export type IssuedReward =
  | { kind: "coupon"; code: string; valuePaise: number; expiresAt: Date }
  | { kind: "plants"; plants: { name: string; quantity: number }[] }
  | { kind: "money"; amountPaise: number };
