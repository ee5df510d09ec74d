/**
 * The honeypot of public forms: a field hidden from people (visually and from assistive
 * technology) that form-spamming bots fill in. A submission with it filled is refused without a
 * word and writes nothing (docs/community.md). Safe for the browser bundle.
 */
export const HONEYPOT_FIELD = "website";
