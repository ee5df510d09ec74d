/**
 * Dates for people in India: the business day and pickup slots are in Asia/Kolkata
 * (docs/architecture.md "Time"). India has one fixed offset, +05:30, and no daylight saving time.
 * Calendar dates are "YYYY-MM-DD" strings; times are "HH:MM".
 */
import { intlLocales, type Lang } from "~/i18n/languages";

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** One formatter per language, made on first use (`Intl` formatters are costly to build). */
function perLanguage(options: Intl.DateTimeFormatOptions) {
  const formatters: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
  return (lang: Lang) => {
    formatters[lang] ??= new Intl.DateTimeFormat(intlLocales[lang], options);
    return formatters[lang];
  };
}

const dateTime = perLanguage({ timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });
const longDate = perLanguage({ timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
const dayDate = perLanguage({
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/**
 * e.g. "22 Nov 2026, 6:05 am" in Asia/Kolkata; in `lang`'s `Intl` locale (hi-IN: "22 नव॰ 2026,
 * 6:05 am"), English by default.
 */
export function formatDateTimeIST(date: Date, lang: Lang = "en"): string {
  return dateTime(lang).format(date);
}

const longDay = perLanguage({
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/**
 * e.g. "23 May 2027": the day of instant `date` in Asia/Kolkata with the month written out, in
 * `lang` (hi-IN: "23 मई 2027"), English by default.
 */
export function formatLongDayIST(date: Date, lang: Lang = "en"): string {
  return longDay(lang).format(date);
}

/** e.g. "22 Nov 2026": the day of instant `date` in Asia/Kolkata, in `lang` (English by default). */
export function formatDayIST(date: Date, lang: Lang = "en"): string {
  return dayDate(lang).format(date);
}

/** The calendar date in Asia/Kolkata at instant `now`, "YYYY-MM-DD". */
export function todayInKolkata(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date "YYYY-MM-DD" (refuses 2026-02-31, 2026-13-01, "2026-1-1"). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** `date` plus `days` calendar days, "YYYY-MM-DD". @throws RangeError for an invalid date. */
export function addDays(date: string, days: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/** The instant of `time` ("HH:MM") on `date` in Asia/Kolkata. */
export function kolkataInstant(date: string, time: string): Date {
  return new Date(new Date(`${date}T${time}:00Z`).getTime() - IST_OFFSET_MS);
}

/**
 * e.g. "Sat, 22 Nov" for a calendar date "YYYY-MM-DD"; in `lang`'s `Intl` locale (hi-IN:
 * "शनि, 22 नव॰"), English by default.
 */
export function formatCalendarDate(date: string, lang: Lang = "en"): string {
  return longDate(lang).format(new Date(`${date}T00:00:00Z`));
}
