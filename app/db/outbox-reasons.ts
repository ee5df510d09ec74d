/**
 * Reasons the outbox writes on a message it did not send, shared by the server and the staff
 * pages (a plain module: the browser bundle may import it).
 */

/**
 * The reason on a message that was not sent because its moment had passed: claimed at or after
 * its `expiresAt`, or made pointless by a later event (a weigh sheet superseded or decided, a
 * pickup collected before its reminders were due). Shown on the staff Messages page, which
 * offers no 'Send again' for it (docs/messages.md "Too late").
 */
export const TOO_LATE = "Too late";
