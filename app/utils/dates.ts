/**
 * Dates for people in India: the business time zone is Asia/Kolkata (DESIGN §2 "Time").
 */
const dateTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  dateStyle: "medium",
  timeStyle: "short",
});

/** e.g. "22 Nov 2026, 6:05 am" in Asia/Kolkata. */
export function formatDateTimeIST(date: Date): string {
  return dateTime.format(date);
}
