import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "..");
const depcruise = path.join(repoRoot, "node_modules/.bin/depcruise");
const config = path.join(repoRoot, ".dependency-cruiser.cjs");

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

/** Runs dependency-cruiser in `cwd` with the repository's rules, as `npm run lint` does. */
function cruise(cwd: string, folders: string[]) {
  const run = spawnSync(
    depcruise,
    [...folders, "--config", config, "--output-type", "json", "--no-progress"],
    // The JSON report of the whole app is about 1 MB, spawnSync's default buffer: more room.
    { cwd, encoding: "utf8", timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`depcruise printed nothing: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    summary: { violations: Violation[]; totalCruised: number };
  };
  const violations = result.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
  }));
  return { status: run.status, violations, cruised: result.summary.totalCruised };
}

/** Writes `files` (path → source) under `root`, creating folders. */
function plant(root: string, files: Record<string, string>) {
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
  }
}

describe("the dependency rules (.dependency-cruiser.cjs)", () => {
  let fixture: string;
  let planted: ReturnType<typeof cruise>;

  beforeAll(() => {
    fixture = fs.mkdtempSync(path.join(os.tmpdir(), "dependency-rules-"));
    plant(fixture, {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          module: "ESNext",
          moduleResolution: "bundler",
          paths: { "~/*": ["./app/*"] },
        },
      }),
      // Allowed: a feature's own files, the shared layers, and a declared edge (exchange → pickups).
      "app/utils/money.ts": "export const paise = 100;\n",
      "app/features/pickups/pickups.server.ts":
        'import { paise } from "~/utils/money";\nexport const booking = paise;\n',
      "app/features/exchange/visit.server.ts":
        'import { booking } from "~/features/pickups/pickups.server";\nexport const visit = booking;\n',
      // (a) Features importing features without a declared edge: a type-only import by a
      // feature with no edges, a re-export through a relative path, a dynamic import.
      "app/features/rates/back-edge.ts":
        'import type { visit } from "~/features/exchange/visit.server";\nexport type Visit = typeof visit;\n',
      "app/features/cart/cart.server.ts": [
        'export { booking } from "../pickups/pickups.server";',
        'export const later = () => import("~/features/exchange/visit.server");',
        "",
      ].join("\n"),
      // (b) An import circle inside one feature (allowed by the boundary rules alone).
      "app/features/orders/order-a.ts":
        'import { b } from "./order-b";\nexport const a = () => b;\n',
      "app/features/orders/order-b.ts":
        'import { a } from "./order-a";\nexport const b = () => a;\n',
      // (c) Shared layers importing a feature and a route.
      "app/db/stock.server.ts":
        'import { booking } from "~/features/pickups/pickups.server";\nexport const stock = booking;\n',
      "app/components/ui/badge.tsx":
        'import { loader } from "~/routes/home";\nexport const badge = loader;\n',
      "app/routes/home.tsx": "export const loader = 1;\n",
      // (a) again: a feature with a declared edge importing a feature outside it.
      "app/features/exchange/refund.server.ts":
        'import { later } from "~/features/cart/cart.server";\nexport const refund = later;\n',
      // An import that resolves to nothing would slip past every rule: it is reported too.
      "app/features/orders/typo.ts": 'export { a } from "~/features/orders/order-c";\n',
    });
    planted = cruise(fixture, ["app"]);
  });

  afterAll(() => {
    fs.rmSync(fixture, { recursive: true, force: true });
  });

  it("reports a feature importing a feature, an import circle, a shared layer importing a feature or a route", () => {
    const { violations } = planted;
    expect(violations).toEqual(
      expect.arrayContaining([
        {
          rule: "feature-imports-feature",
          from: "app/features/rates/back-edge.ts",
          to: "app/features/exchange/visit.server.ts",
        },
        {
          rule: "feature-imports-feature",
          from: "app/features/cart/cart.server.ts",
          to: "app/features/pickups/pickups.server.ts",
        },
        {
          rule: "feature-imports-feature",
          from: "app/features/cart/cart.server.ts",
          to: "app/features/exchange/visit.server.ts",
        },
        {
          rule: "no-circular",
          from: "app/features/orders/order-a.ts",
          to: "app/features/orders/order-b.ts",
        },
        {
          rule: "shared-layer-imports-feature-or-route",
          from: "app/db/stock.server.ts",
          to: "app/features/pickups/pickups.server.ts",
        },
        {
          rule: "shared-layer-imports-feature-or-route",
          from: "app/components/ui/badge.tsx",
          to: "app/routes/home.tsx",
        },
      ]),
    );
  });

  it("lets a feature with declared edges import only those", () => {
    expect(planted.violations).toContainEqual({
      rule: "feature-exchange-imports-only-pickups",
      from: "app/features/exchange/refund.server.ts",
      to: "app/features/cart/cart.server.ts",
    });
    // exchange → pickups is declared; the shared layers are open to every feature.
    expect(
      planted.violations.filter((v) => v.from === "app/features/exchange/visit.server.ts"),
    ).toEqual([]);
    expect(planted.violations.filter((v) => v.to === "app/utils/money.ts")).toEqual([]);
  });

  it("reports an import that resolves to nothing", () => {
    expect(planted.violations).toContainEqual({
      rule: "not-to-unresolvable",
      from: "app/features/orders/typo.ts",
      to: "~/features/orders/order-c",
    });
    // One report per circle: the whole list is the eight planted violations.
    expect(planted.violations).toHaveLength(8);
  });

  it("fails the lint step on them: `depcruise` as `npm run lint` runs it exits non-zero", () => {
    const run = spawnSync(depcruise, ["app", "--config", config], {
      cwd: fixture,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain(
      "error feature-imports-feature: app/features/rates/back-edge.ts → app/features/exchange/visit.server.ts",
    );
  });

  it("finds the repository clean, with the ~/ alias resolved", () => {
    const { status, violations, cruised } = cruise(repoRoot, ["app", "server", "scripts"]);
    expect(violations).toEqual([]);
    expect(status).toBe(0);
    // Every route module and feature file was read (a broken alias would leave most out).
    expect(cruised).toBeGreaterThan(300);
  });
});
