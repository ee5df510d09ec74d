/**
 * Which route pattern of the React Router build a URL path belongs to (`/orders/:token`), for the
 * `route` label of the HTTP metrics (docs/operations.md "Metrics").
 *
 * React Router's `matchRoutes` flattens and ranks the whole route tree and compiles a regular
 * expression per candidate on every call (~0.8 ms for this app's ~70 routes), too much to add
 * to every request. This matcher does the same flattening and ranking once (the rules of
 * react-router's `flattenRoutes`, `computeScore` and `compareIndexes`), then compares path
 * segments: about a microsecond per request. tests/integration/metrics.test.ts checks it
 * against `matchRoutes` on every pattern of app/routes.ts. Optional segments (`:id?`) are not
 * used by the app; a manifest with one falls back to `matchRoutes`.
 */
import { matchRoutes, type RouteObject } from "react-router";

/** The part of a React Router build's route manifest (`build.routes`) that matching needs. */
export interface RouteManifestEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

export type RouteManifest = Record<string, RouteManifestEntry | undefined>;

interface Branch {
  pattern: string;
  segments: string[];
  splat: boolean;
  caseSensitive: boolean;
  score: number;
  childrenIndex: number[];
}

/** The build's manifest as nested route objects (what `matchRoutes` takes). */
export function routeTree(manifest: RouteManifest): RouteObject[] {
  const byParent = new Map<string, RouteManifestEntry[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId ?? "") ?? [];
    siblings.push(route);
    byParent.set(route.parentId ?? "", siblings);
  }
  const tree = (parentId: string): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: tree(route.id),
          },
    );
  return tree("");
}

const joinPaths = (paths: string[]) => paths.join("/").replace(/\/\/+/g, "/");

/** react-router's computeScore: static 10, dynamic 3, empty 1, splat −2, index +2. */
function score(path: string, index: boolean): number {
  const segments = path.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    total += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

function flatten(
  routes: RouteObject[],
  branches: Branch[],
  parentPath = "",
  indexes: number[] = [],
) {
  routes.forEach((route, childIndex) => {
    const path = joinPaths([parentPath, route.path ?? ""]);
    const childrenIndex = [...indexes, childIndex];
    if (route.children?.length) flatten(route.children, branches, path, childrenIndex);
    if (route.path == null && !route.index) return;
    const segments = path.split("/").filter((segment) => segment !== "");
    const splat = segments.at(-1) === "*";
    branches.push({
      pattern: path.length > 1 ? path.replace(/\/$/, "") : path,
      segments: splat ? segments.slice(0, -1) : segments,
      splat,
      caseSensitive: route.caseSensitive === true,
      score: score(path, route.index === true),
      childrenIndex,
    });
  });
}

/** react-router's compareIndexes: siblings keep their order, anything else ties. */
function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? (a.at(-1) ?? 0) - (b.at(-1) ?? 0) : 0;
}

function matches(branch: Branch, segments: string[], lowered: string[]): boolean {
  const wanted = branch.segments;
  if (branch.splat ? segments.length < wanted.length : segments.length !== wanted.length) {
    return false;
  }
  for (let i = 0; i < wanted.length; i++) {
    const segment = wanted[i] as string;
    if (segment.startsWith(":")) continue;
    const given = branch.caseSensitive ? segments[i] : lowered[i];
    if (given !== (branch.caseSensitive ? segment : segment.toLowerCase())) return false;
  }
  return true;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A function from a URL path (no query) to the pattern of the route React Router would render
 * for it (`/orders/:token`, `/dashboard/orders`, `/` for the home page), or null when nothing
 * matches. The pattern of a splat route ends in `/*`.
 */
export function routePatternMatcher(
  manifest: RouteManifest,
  basename = "/",
): (pathname: string) => string | null {
  const routes = routeTree(manifest);
  const branches: Branch[] = [];
  flatten(routes, branches);
  if (branches.some((branch) => branch.pattern.includes("?"))) {
    return (pathname) => {
      const found = matchRoutes(routes, pathname, basename);
      if (!found) return null;
      return `/${found
        .map((match) => match.route.path)
        .filter(Boolean)
        .join("/")}`.replace(/\/\/+/g, "/");
    };
  }
  branches.sort((a, b) => b.score - a.score || compareIndexes(a.childrenIndex, b.childrenIndex));
  const base = basename === "/" ? "" : basename.replace(/\/$/, "").toLowerCase();
  return (pathname) => {
    let path = pathname;
    if (base) {
      if (!path.toLowerCase().startsWith(base)) return null;
      path = path.slice(base.length);
      if (path !== "" && !path.startsWith("/")) return null;
    }
    const segments = path
      .split("/")
      .filter((segment) => segment !== "")
      .map(decodeSegment);
    const lowered = segments.map((segment) => segment.toLowerCase());
    for (const branch of branches) {
      if (matches(branch, segments, lowered)) return branch.pattern;
    }
    return null;
  };
}
