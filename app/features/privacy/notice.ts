/**
 * The itemised privacy notice (docs/accounts.md "Notice, consent and grievances"; Digital
 * Personal Data Protection Act 2023 s.5, DPDP Rules 2025 rule 3): content/pages/privacy-notice.md
 * and its Hindi and Kannada files, one section per purpose (`noticeSections` of
 * app/components/ui/honeypot-field.tsx, which every form links to). Safe for the browser bundle.
 */

/**
 * The notice's version: the date (YYYY-MM-DD, Asia/Kolkata) it was last changed in substance.
 * Change it together with the three content files (tests/privacy-notice.test.ts checks that
 * they show it); consents given afterwards record the new version.
 */
export const NOTICE_VERSION = "2026-11-28";
