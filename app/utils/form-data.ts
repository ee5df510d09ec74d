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
