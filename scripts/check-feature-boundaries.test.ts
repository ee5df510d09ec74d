import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findBoundaryViolations, importSpecifiers } from "./check-feature-boundaries";

const repoRoot = path.resolve(import.meta.dirname, "..");
const script = path.join(repoRoot, "scripts/check-feature-boundaries.ts");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");

describe("feature boundaries", () => {
  it("reads static, re-export and dynamic imports with their lines", () => {
    const source = [
      'import { a } from "~/utils/money";',
      'import type { B } from "../cart/cart.server";',
      'export { c } from "./c";',
      'const d = await import("~/features/orders/orders.server");',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual([
      { specifier: "~/utils/money", line: 1 },
      { specifier: "../cart/cart.server", line: 2 },
      { specifier: "./c", line: 3 },
      { specifier: "~/features/orders/orders.server", line: 4 },
    ]);
  });

  it("refuses one feature importing another, by alias or relative path, and allows its own files", () => {
    const violations = findBoundaryViolations([
      {
        path: "app/features/orders/orders.server.ts",
        source: [
          'import { x } from "./order-status";',
          'import { y } from "~/features/orders/checkout.schema";',
          'import { z } from "~/features/pickups/pickup-status";',
          'import { w } from "../cart/cart.server";',
          'import { v } from "~/utils/money";',
        ].join("\n"),
      },
    ]);
    expect(violations.map((v) => [v.line, v.specifier])).toEqual([
      [3, "~/features/pickups/pickup-status"],
      [4, "../cart/cart.server"],
    ]);
  });

  it("refuses the shared layers importing a feature or a route; routes may import features", () => {
    const violations = findBoundaryViolations([
      {
        path: "app/utils/csv.server.ts",
        source: 'import { a } from "~/features/cart/cart.server";',
      },
      { path: "app/components/ui/x.tsx", source: 'import { b } from "~/routes/home";' },
      { path: "app/db/seed.server.ts", source: 'import { c } from "../features/catalogue/seed";' },
      { path: "app/routes/cart.tsx", source: 'import { d } from "~/features/cart/cart.server";' },
    ]);
    expect(violations.map((v) => v.file)).toEqual([
      "app/utils/csv.server.ts",
      "app/components/ui/x.tsx",
      "app/db/seed.server.ts",
    ]);
  });

  it("passes on this repository", () => {
    const output = execFileSync(tsx, [script, repoRoot], { encoding: "utf8" });
    expect(output).toBe("");
  });

  it("fails the lint step, naming the file and line, when a new cross-feature import appears", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "boundaries-"));
    try {
      fs.mkdirSync(path.join(root, "app/features/cart"), { recursive: true });
      fs.writeFileSync(
        path.join(root, "app/features/cart/cart.server.ts"),
        '// a cart rule\nimport { orderStatusLabels } from "~/features/orders/order-status";\n',
      );
      const run = spawnSync(tsx, [script, root], { encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(
        'app/features/cart/cart.server.ts:2: import "~/features/orders/order-status": feature "cart" imports feature "orders"',
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
