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
const longDay = perLanguage({
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "long",
  year: "numeric",
});
/** The time of day with the language's own words for the part of the day ("दोपहर 2:30"). */
const timeOfDay = perLanguage({
  timeZone: "Asia/Kolkata",
  hour: "numeric",
  minute: "2-digit",
  dayPeriod: "short",
});

/**
 * "25 ಮೇ 2027": day, month and year in that order with spaces, for Hindi and Kannada. kn-IN's
 * own pattern is "ಮೇ 25, 2027" (and "ಮೇ 25,2027" beside a time), which Kannada readers in
 * India do not write; hi-IN's is already "25 मई 2027" (docs/languages.md "Dates and times").
 */
function dayMonthYear(format: Intl.DateTimeFormat, date: Date): string {
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("year")}`;
}

/**
 * e.g. "22 Nov 2026, 6:05 am" in Asia/Kolkata, English by default; Hindi "22 नव॰ 2026, सुबह
 * 6:05", Kannada "22 ನವೆಂ 2026, 6:05 ಬೆಳಗ್ಗೆ" (the part of the day in words, never "AM/PM").
 */
export function formatDateTimeIST(date: Date, lang: Lang = "en"): string {
  if (lang === "en") return dateTime(lang).format(date);
  return `${dayMonthYear(dayDate(lang), date)}, ${timeOfDay(lang).format(date)}`;
}

/**
 * e.g. "23 May 2027": the day of instant `date` in Asia/Kolkata with the month written out, in
 * `lang` (hi: "23 मई 2027", kn: "23 ಮೇ 2027"), English by default.
 */
export function formatLongDayIST(date: Date, lang: Lang = "en"): string {
  if (lang === "en") return longDay(lang).format(date);
  return dayMonthYear(longDay(lang), date);
}

/** e.g. "22 Nov 2026": the day of instant `date` in Asia/Kolkata, in `lang` (English by default). */
export function formatDayIST(date: Date, lang: Lang = "en"): string {
  if (lang === "en") return dayDate(lang).format(date);
  return dayMonthYear(dayDate(lang), date);
}

/**
 * The time of day of instant `date` in Asia/Kolkata: "2:30 pm" in English; in Hindi and
 * Kannada with the part of the day in words ("दोपहर 2:30", "2:30 ಮಧ್ಯಾಹ್ನ"), as `Intl` writes it.
 */
export function formatTimeIST(date: Date, lang: Lang = "en"): string {
  if (lang === "en") {
    return new Intl.DateTimeFormat("en-IN", {
      timeZone: "Asia/Kolkata",
      hour: "numeric",
      minute: "2-digit",
    }).format(date);
  }
  return timeOfDay(lang).format(date);
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

/** True for a month "YYYY-MM" (01 to 12). */
export function isMonth(value: string): boolean {
  return /^[0-9]{4}-(0[1-9]|1[0-2])$/.test(value);
}

const monthYear = new Intl.DateTimeFormat("en-IN", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "November 2026" for "2026-11" (English: statements and their e-mail); anything else as it is. */
export function formatMonth(month: string): string {
  return isMonth(month) ? monthYear.format(new Date(`${month}-01T00:00:00Z`)) : month;
}
