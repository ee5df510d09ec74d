/**
 * Dates and weights in a message's language (docs/messages.md "Templates"): dates
 * with `Intl` in en-IN / hi-IN / kn-IN as Asia/Kolkata calendar days ("Mon, 23 Nov",
 * "सोम, 23 नव॰", "ಸೋಮ, 23 ನವೆಂ"), weights in kg with the unit as each language writes it.
 * Money stays `formatPaise` (₹1,23,456) in every language.
 */
import { intlLocales, type Lang } from "~/i18n/languages";
import { formatCalendarDate } from "~/utils/dates";
import { formatKg } from "~/utils/units";

const calendarDates = new Map<Lang, Intl.DateTimeFormat>();

function calendarDateFormat(lang: Lang): Intl.DateTimeFormat {
  let format = calendarDates.get(lang);
  if (!format) {
    // A YYYY-MM-DD calendar date is read as midnight UTC, so it is formatted in UTC.
    format = new Intl.DateTimeFormat(intlLocales[lang], {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
    calendarDates.set(lang, format);
  }
  return format;
}

/**
 * "Mon, 23 Nov" (English, as before), "सोम, 23 नव॰" (Hindi), "ಸೋಮ, 23 ನವೆಂ" (Kannada) for a
 * YYYY-MM-DD date; the text itself when it is not one.
 */
export function dateLabel(date: string, lang: Lang = "en"): string {
  try {
    if (lang === "en") return formatCalendarDate(date);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
    const instant = new Date(`${date}T00:00:00Z`);
    return Number.isNaN(instant.getTime()) ? date : calendarDateFormat(lang).format(instant);
  } catch {
    return date;
  }
}

/** Integer grams in kg: "18.5 kg", "18.5 किलो", "18.5 ಕೆಜಿ" (the glossary's unit, units.ts). */
export function weightLabel(grams: number, lang: Lang = "en"): string {
  return formatKg(grams, lang);
}

/** A language the messages have words for, from a row's stored language ('en' otherwise). */
export function messageLang(language: string): Lang {
  return language === "hi" || language === "kn" ? language : "en";
}
