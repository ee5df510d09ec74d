/**
 * Reads named text fields from FormData: the first value of each, files ignored, NUL
 * characters removed (PostgreSQL text cannot hold them; found by fuzzing). Keeps actions
 * free of `as any` on form data (docs/layout.md "Avoid").
 */
export function textFields<const K extends string>(
  formData: FormData,
  keys: readonly K[],
): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const value = formData.get(key);
    out[key] = typeof value === "string" ? value.replaceAll("\u0000", "") : "";
  }
  return out;
}

/** The first message per field of a zod error's issues, keyed by the top-level field name. */
export function firstIssuePerField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
