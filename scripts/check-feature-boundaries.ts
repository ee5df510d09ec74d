/**
 * The feature boundary, checked by `npm run lint` (docs/layout.md):
 * - a file in `app/features/<a>/` never imports from `app/features/<b>/` (routes compose
 *   features; what two features share lives in `app/utils/` or `app/components/`);
 * - the shared layers (`app/utils/`, `app/components/`, `app/db/`) never import a feature or a
 *   route.
 * Imports are read as text (static `import … from`, `export … from`, `import("…")`), through
 * the `~/` alias and relative paths, tests included.
 *
 * Usage: `tsx scripts/check-feature-boundaries.ts [ROOT]` (default: the repository). Exit 0 with
 * no output when clean; exit 1 with one line per offending import otherwise.
 */
import path from "node:path";
import { readAppSources, runCheckWhenMain, type SourceFile } from "./lib/app-sources";

export interface BoundaryViolation {
  file: string;
  line: number;
  specifier: string;
  reason: string;
}

const importPattern =
  /(?:\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?|\bexport\s+(?:type\s+)?[\w*{}\s,$]+\s+from\s+|\bimport\s*\(\s*)["']([^"']+)["']/g;

/** The import specifiers of a module with their 1-based line numbers. */
export function importSpecifiers(source: string): { specifier: string; line: number }[] {
  const found: { specifier: string; line: number }[] = [];
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1];
    if (specifier === undefined) continue;
    const line = source.slice(0, match.index).split("\n").length;
    found.push({ specifier, line });
  }
  return found;
}

/** Where an import points inside the repository ("app/…"), or null for a package. */
function resolveImport(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
  if (specifier.startsWith(".")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  }
  return null;
}

/** "cart" for "app/features/cart/…"; null outside the feature folders. */
function featureOf(repoPath: string): string | null {
  const match = /^app\/features\/([^/]+)\//.exec(repoPath);
  return match?.[1] ?? null;
}

const sharedLayers = ["app/utils/", "app/components/", "app/db/"];

/** Every import that crosses the boundary, in file and line order. */
export function findBoundaryViolations(files: readonly SourceFile[]): BoundaryViolation[] {
  const violations: BoundaryViolation[] = [];
  for (const file of files) {
    const ownFeature = featureOf(file.path);
    const inSharedLayer = sharedLayers.some((layer) => file.path.startsWith(layer));
    if (ownFeature === null && !inSharedLayer) continue;
    for (const { specifier, line } of importSpecifiers(file.source)) {
      const target = resolveImport(file.path, specifier);
      if (target === null) continue;
      const targetFeature = featureOf(`${target}/`);
      if (ownFeature !== null && targetFeature !== null && targetFeature !== ownFeature) {
        violations.push({
          file: file.path,
          line,
          specifier,
          reason: `feature "${ownFeature}" imports feature "${targetFeature}": compose them in a route, or move what they share to app/utils or app/components`,
        });
      } else if (inSharedLayer && (targetFeature !== null || target.startsWith("app/routes/"))) {
        violations.push({
          file: file.path,
          line,
          specifier,
          reason: "a shared layer (app/utils, app/components, app/db) imports a feature or route",
        });
      }
    }
  }
  return violations;
}

runCheckWhenMain(import.meta.filename, (root) =>
  findBoundaryViolations(readAppSources(root)).map(
    (v) => `${v.file}:${v.line}: import "${v.specifier}": ${v.reason}`,
  ),
);
