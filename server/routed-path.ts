/**
 * The path as the router will match it (docs/operations.md "Security"): React Router decodes
 * percent-escapes, resolves dot segments and matches case-insensitively, so `/DASHBOARD/pickups`,
 * `/%64ashboard/pickups` and `/x/%2e%2e/orders/<token>` reach the same pages as their plain
 * spellings. Rules keyed on a path (no-store on personal pages, token redaction in the access log)
 * read it through here, so no other spelling slips past them.
 */

/**
 * `rawPath` (no query) with percent-escapes decoded (a malformed escape is left as it is), runs of
 * `/` collapsed and `.` / `..` segments resolved. Case is kept; compare case-insensitively.
 * @example routedPath("/x/%2e%2e//Orders/AbC") === "/Orders/AbC"
 */
export function routedPath(rawPath: string): string {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    decoded = rawPath.replace(/%[0-9a-f]{2}/gi, (sequence) => {
      try {
        return decodeURIComponent(sequence);
      } catch {
        return sequence;
      }
    });
  }
  const collapsed = `/${decoded
    .replace(/\\/g, "/")
    .replace(/^\/+/, "")
    .replace(/\/{2,}/g, "/")}`;
  const segments: string[] = [];
  for (const segment of collapsed.split("/").slice(1)) {
    if (segment === "..") segments.pop();
    else if (segment !== ".") segments.push(segment);
  }
  return `/${segments.join("/")}`;
}
