/**
 * Draws the product pictures of the catalogue as small flat SVG illustrations.
 *
 * Usage (from the repository root): `npx tsx scripts/generate-product-art.ts`
 *
 * Writes one file per plant and fertiliser to `public/images/products/<slug>.svg`
 * (240 x 240, no raster, no external references, no scripts, no web fonts).
 * Plants are drawn in a pot in the style of their `art.shape` family, using
 * `art.leaf` for foliage and `art.accent` for flowers (or leaf edges for the
 * upright family). Fertilisers are drawn as a sack ('bag') or a spray bottle
 * ('bottle') with a label in the accent colour showing the pack size.
 *
 * Small details (leaf count, angles, lengths, pot and background colour) are
 * picked from a hash of the slug, so two plants of one family do not look the
 * same, and the output is deterministic: the same catalogue gives the same bytes.
 * `renderProductSvg` is pure and exported for tests.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fertilisers } from "../content/catalogue/fertilisers";
import { plants } from "../content/catalogue/plants";
import type { ProductArt } from "../content/catalogue/types";

type Pt = [number, number];

/** Rounds to one decimal and prints without "-0" or trailing zeros. */
function num(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

/** Numbers for path data, space separated, with the space before "-" dropped. */
function nums(...vs: number[]): string {
  return vs.map(num).join(" ").replace(/ -/g, "-");
}

/** 32-bit FNV-1a hash of a string. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Small deterministic PRNG (mulberry32) giving numbers in [0, 1). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(list: readonly T[], r: number): T {
  const item = list[Math.floor(r * list.length) % list.length];
  if (item === undefined) throw new Error("empty list");
  return item;
}

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const v = Number.parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mixes a colour toward white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const a = Math.min(1, Math.abs(amount));
  return `#${parseHex(hex)
    .map((c) => Math.round(c + (target - c) * a))
    .map((c) => c.toString(16).padStart(2, "0"))
    .join("")}`;
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const RAD = Math.PI / 180;

/** Turns a point given in a leaf's own frame (y up is negative) by `deg`. */
function turn(lx: number, ly: number, deg: number): Pt {
  const c = Math.cos(deg * RAD);
  const s = Math.sin(deg * RAD);
  return [lx * c - ly * s, lx * s + ly * c];
}

/**
 * Path data for a pointed leaf from base (x, y), pointing at `deg` degrees from
 * vertical (positive leans right), `len` long, about `wid / 2` wide at its middle,
 * tip shifted sideways by `bend`.
 */
function leaf(x: number, y: number, deg: number, len: number, wid: number, bend = 0): string {
  const c1 = turn(wid + bend, -len * 0.5, deg);
  const tip = turn(bend, -len, deg);
  const c2 = turn(-wid + bend, -len * 0.5, deg);
  return `M${nums(x, y)}q${nums(c1[0], c1[1], tip[0], tip[1])}q${nums(
    c2[0] - tip[0],
    c2[1] - tip[1],
    -tip[0],
    -tip[1],
  )}z`;
}

/** Point and unit tangent on a quadratic Bezier curve. */
function bezier(p0: Pt, p1: Pt, p2: Pt, t: number): { p: Pt; u: Pt } {
  const m = 1 - t;
  const p: Pt = [
    m * m * p0[0] + 2 * m * t * p1[0] + t * t * p2[0],
    m * m * p0[1] + 2 * m * t * p1[1] + t * t * p2[1],
  ];
  const dx = 2 * m * (p1[0] - p0[0]) + 2 * t * (p2[0] - p1[0]);
  const dy = 2 * m * (p1[1] - p0[1]) + 2 * t * (p2[1] - p1[1]);
  const l = Math.hypot(dx, dy) || 1;
  return { p, u: [dx / l, dy / l] };
}

/** Angle in degrees from vertical (up) of a direction vector. */
function angleOf(u: Pt): number {
  return Math.atan2(u[0], -u[1]) / RAD;
}

const PLANT_BACKGROUNDS = ["#eef4e6", "#f5efe3", "#e8f2ef", "#f4ece6", "#eef0f6", "#f3f3e4"];
const PACK_BACKGROUNDS = ["#f3efe6", "#eaf3ea", "#f5ede4", "#eef1f4"];
const POTS = [
  "#c8693f",
  "#b95b36",
  "#d27b4b",
  "#e6e1d6",
  "#3f6e8c",
  "#d9c29b",
  "#c4713f",
  "#5e7f6c",
];
const BASE_Y = 164;

function potSvg(color: string): string {
  return (
    `<ellipse cx="120" cy="222" rx="46" ry="5" fill="#000" opacity=".08"/>` +
    `<path d="M80 172h80l-10 50H90z" fill="${color}"/>` +
    `<path d="M140 172h20l-10 50h-14z" fill="#000" opacity=".09"/>` +
    `<rect x="74" y="160" width="92" height="14" rx="3" fill="${shade(color, 0.12)}"/>`
  );
}

function flowerDef(accent: string, petal: number): string {
  const centre = luminance(accent) > 0.8 ? "#f2c84b" : shade(accent, -0.35);
  const d = petal * 1.1;
  const petals = [0, 72, 144, 216, 288]
    .map((a) => {
      const [x, y] = turn(0, -d, a);
      return `<circle cx="${num(x)}" cy="${num(y)}" r="${num(petal)}"/>`;
    })
    .join("");
  return `<defs><g id="f" fill="${accent}">${petals}<circle r="${num(petal * 0.6)}" fill="${centre}"/></g></defs>`;
}

function flowers(points: Pt[]): string {
  return points.map(([x, y]) => `<use href="#f" x="${num(x)}" y="${num(y)}"/>`).join("");
}

function drawUpright(art: ProductArt, r: () => number): string {
  const count = 5 + Math.floor(r() * 4);
  const slim = r() < 0.4;
  const wid = slim ? 8 + r() * 4 : 14 + r() * 8;
  const spread = 22 + r() * 18;
  const outer: string[] = [];
  const inner: string[] = [];
  for (let i = 0; i < count; i++) {
    const f = count === 1 ? 0 : i / (count - 1) - 0.5;
    const deg = f * 2 * spread + (r() - 0.5) * 8;
    const len = 105 - Math.abs(f) * 60 + r() * 22;
    const x = 120 + f * 28;
    const bend = f * 14;
    outer.push(leaf(x, BASE_Y, deg, len, wid, bend));
    if (art.accent) inner.push(leaf(x, BASE_Y, deg, len * 0.93, wid * 0.6, bend * 0.93));
  }
  if (!art.accent) return `<path d="${outer.join("")}" fill="${art.leaf}"/>`;
  return `<path d="${outer.join("")}" fill="${art.accent}"/><path d="${inner.join("")}" fill="${art.leaf}"/>`;
}

function drawBroadleaf(art: ProductArt, r: () => number): string {
  const count = 5 + Math.floor(r() * 3);
  const stemColour = shade(art.leaf, -0.25);
  const stems: string[] = [];
  const back: string[] = [];
  const front: string[] = [];
  const ribs: string[] = [];
  const leafLen = 42 + r() * 14;
  const leafWid = 34 + r() * 14;
  for (let i = 0; i < count; i++) {
    const f = i / (count - 1) - 0.5;
    const deg = f * 120 + (r() - 0.5) * 14;
    const stem = 40 + (0.5 - Math.abs(f)) * 50 + r() * 14;
    const [sx, sy] = turn(0, -stem, deg * 0.6);
    const bx = 120 + sx;
    const by = BASE_Y + sy;
    stems.push(`M120 ${BASE_Y}Q${nums(120 + sx * 0.2, BASE_Y + sy * 0.6, bx, by)}`);
    const len = leafLen * (0.85 + r() * 0.3);
    (i % 2 === 0 ? back : front).push(leaf(bx, by, deg, len, leafWid, f * 8));
    const tip = turn(f * 6, -len * 0.8, deg);
    ribs.push(`M${nums(bx, by)}l${nums(tip[0], tip[1])}`);
  }
  let out =
    `<path d="${stems.join("")}" fill="none" stroke="${stemColour}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="${back.join("")}" fill="${shade(art.leaf, -0.08)}"/>` +
    `<path d="${front.join("")}" fill="${shade(art.leaf, 0.1)}"/>` +
    `<path d="${ribs.join("")}" stroke="${shade(art.leaf, 0.35)}" stroke-width="1.6" stroke-linecap="round"/>`;
  if (art.accent) {
    const blooms = 1 + Math.floor(r() * 2);
    const spathes: string[] = [];
    const fstems: string[] = [];
    const spadix: string[] = [];
    for (let k = 0; k < blooms; k++) {
      const deg = (k === 0 ? -12 : 16) + (r() - 0.5) * 10;
      const [sx, sy] = turn(0, -(98 + r() * 12), deg);
      const x = 120 + sx;
      const y = BASE_Y + sy;
      fstems.push(`M120 ${BASE_Y}L${nums(x, y)}`);
      spathes.push(leaf(x, y + 14, deg * 1.5, 38, 32));
      const [dx, dy] = turn(0, -12, deg * 1.5);
      spadix.push(`M${nums(x, y + 4)}l${nums(dx, dy)}`);
    }
    out +=
      `<path d="${fstems.join("")}" stroke="${stemColour}" stroke-width="2.2"/>` +
      `<path d="${spathes.join("")}" fill="${art.accent}"/>` +
      `<path d="${spadix.join("")}" stroke="#f2c84b" stroke-width="3.5" stroke-linecap="round"/>`;
  }
  return out;
}

function drawTrailing(art: ProductArt, r: () => number): { back: string; front: string } {
  const small = 14 + r() * 6;
  const mound: string[] = [];
  const top: string[] = [];
  const mCount = 7 + Math.floor(r() * 3);
  for (let i = 0; i < mCount; i++) {
    const f = i / (mCount - 1) - 0.5;
    mound.push(leaf(120 + f * 56, BASE_Y, f * 160 + (r() - 0.5) * 12, small * 2, small * 1.7));
  }
  const tCount = 3 + Math.floor(r() * 2);
  for (let i = 0; i < tCount; i++) {
    const f = i / (tCount - 1) - 0.5;
    top.push(leaf(120 + f * 24, BASE_Y - 6, f * 70 + (r() - 0.5) * 10, small * 2.6, small * 1.9));
  }
  const vines: string[] = [];
  const leaves: string[] = [];
  const tips: Pt[] = [];
  const vCount = 2 + Math.floor(r() * 2);
  for (let k = 0; k < vCount; k++) {
    const side = k % 2 === 0 ? -1 : 1;
    const p0: Pt = [120 + side * (30 + r() * 12), 162];
    const p1: Pt = [120 + side * (62 + r() * 10), 166];
    const p2: Pt = [120 + side * (44 + r() * 20), 196 + r() * 30];
    vines.push(`M${nums(...p0)}Q${nums(...p1, ...p2)}`);
    for (let t = 0.3; t <= 1.01; t += 0.233) {
      const { p, u } = bezier(p0, p1, p2, t);
      const a = angleOf(u);
      const alt = Math.round(t * 10) % 2 === 0 ? 1 : -1;
      leaves.push(leaf(p[0], p[1], a + alt * 70, small, small * 1.1));
    }
    tips.push(p2);
  }
  const vineColour = shade(art.leaf, -0.3);
  const back =
    `<path d="${top.join("")}" fill="${shade(art.leaf, -0.12)}"/>` +
    `<path d="${mound.join("")}" fill="${art.leaf}"/>`;
  let front =
    `<path d="${vines.join("")}" fill="none" stroke="${vineColour}" stroke-width="2" stroke-linecap="round"/>` +
    `<path d="${leaves.join("")}" fill="${shade(art.leaf, 0.08)}"/>`;
  if (art.accent) {
    front += flowers([...tips, [104 + r() * 10, 140 + r() * 8], [126 + r() * 10, 138 + r() * 8]]);
  }
  return { back, front };
}

function drawRosette(art: ProductArt, r: () => number): string {
  const count = 7 + Math.floor(r() * 4);
  const wid = 16 + r() * 12;
  const spread = 62 + r() * 18;
  const back: string[] = [];
  const front: string[] = [];
  for (let i = 0; i < count; i++) {
    const f = i / (count - 1) - 0.5;
    const deg = f * 2 * spread + (r() - 0.5) * 8;
    const len = 72 - Math.abs(f) * 40 + r() * 14;
    back.push(leaf(120, BASE_Y + 2, deg, len, wid, f * len * 0.25));
  }
  const fCount = 3 + Math.floor(r() * 2);
  for (let i = 0; i < fCount; i++) {
    const f = i / (fCount - 1) - 0.5;
    front.push(leaf(120, BASE_Y + 4, f * 80, 38 + r() * 10, wid * 0.9, f * 8));
  }
  let out = "";
  if (art.accent) {
    out += `<path d="M120 ${BASE_Y}V${BASE_Y - 110}" stroke="${shade(art.leaf, -0.2)}" stroke-width="2.5"/>`;
  }
  out +=
    `<path d="${back.join("")}" fill="${shade(art.leaf, -0.1)}"/>` +
    `<path d="${front.join("")}" fill="${shade(art.leaf, 0.12)}"/>`;
  if (art.accent) {
    out += flowers([
      [120, BASE_Y - 112],
      [117, BASE_Y - 100],
      [123, BASE_Y - 90],
    ]);
  }
  return out;
}

function drawShrub(art: ProductArt, r: () => number): string {
  const trunk = shade("#7a5230", -0.05);
  let out = `<path d="M120 ${BASE_Y}V128M120 146l-16-20M120 140l18-18" stroke="${trunk}" stroke-width="4" stroke-linecap="round" fill="none"/>`;
  const blobs: { x: number; y: number; rad: number }[] = [];
  const count = 7 + Math.floor(r() * 3);
  const rx = 34 + r() * 10;
  const ry = 24 + r() * 8;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * 360 + r() * 20;
    const d = i === 0 ? 0 : 0.55 + r() * 0.45;
    const [px, py] = turn(0, -d, a);
    blobs.push({ x: 120 + px * rx, y: 112 + py * ry, rad: 20 + r() * 9 });
  }
  blobs.sort((p, q) => p.y - q.y);
  const dark: string[] = [];
  const light: string[] = [];
  for (const [i, b] of blobs.entries()) {
    const c = `<circle cx="${num(b.x)}" cy="${num(b.y)}" r="${num(b.rad)}"/>`;
    (i % 3 === 0 ? light : dark).push(c);
  }
  out += `<g fill="${shade(art.leaf, -0.05)}">${dark.join("")}</g><g fill="${shade(art.leaf, 0.1)}">${light.join("")}</g>`;
  if (art.accent) {
    const fCount = 6 + Math.floor(r() * 4);
    const pts: Pt[] = [];
    for (let i = 0; i < fCount; i++) {
      const a = (i / fCount) * 360 + r() * 25;
      const d = 0.35 + r() * 0.75;
      const [px, py] = turn(0, -d, a);
      pts.push([120 + px * (rx + 10), 110 + py * (ry + 8)]);
    }
    out = flowerDef(art.accent, 3.4 + r() * 2) + out + flowers(pts);
  }
  return out;
}

function drawPalm(art: ProductArt, r: () => number): string {
  const count = 5 + Math.floor(r() * 2);
  const ribs: string[] = [];
  const leaflets: string[] = [];
  for (let i = 0; i < count; i++) {
    const f = i / (count - 1) - 0.5;
    const deg = f * 150 + (r() - 0.5) * 10;
    const len = 110 - Math.abs(f) * 40 + r() * 12;
    const p0: Pt = [120, BASE_Y];
    const mid = turn(0, -len * 0.7, deg * 0.6);
    const end = turn(0, -len, deg);
    const p1: Pt = [120 + mid[0], BASE_Y + mid[1] - 12];
    const p2: Pt = [120 + end[0], BASE_Y + end[1] + Math.abs(f) * 50];
    ribs.push(`M${nums(...p0)}Q${nums(...p1, ...p2)}`);
    for (let t = 0.3; t < 0.99; t += 0.12) {
      const { p, u } = bezier(p0, p1, p2, t);
      const l = 20 * (1.15 - t * 0.75);
      const nx = -u[1];
      const ny = u[0];
      const a: Pt = [p[0] + (u[0] * 0.6 + nx) * l, p[1] + (u[1] * 0.6 + ny) * l];
      const b: Pt = [p[0] + (u[0] * 0.6 - nx) * l, p[1] + (u[1] * 0.6 - ny) * l];
      leaflets.push(`M${nums(...a)}L${nums(...p)}L${nums(...b)}`);
    }
  }
  return (
    `<path d="${leaflets.join("")}" fill="none" stroke="${art.leaf}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${ribs.join("")}" fill="none" stroke="${shade(art.leaf, -0.3)}" stroke-width="2" stroke-linecap="round"/>`
  );
}

function drawHerb(art: ProductArt, r: () => number): string {
  const count = 4 + Math.floor(r() * 2);
  const size = 13 + r() * 5;
  const stems: string[] = [];
  const leaves: string[] = [];
  const spikes: string[] = [];
  for (let i = 0; i < count; i++) {
    const f = i / (count - 1) - 0.5;
    const deg = f * 60 + (r() - 0.5) * 10;
    const h = 88 - Math.abs(f) * 30 + r() * 14;
    const [ex, ey] = turn(0, -h, deg);
    const x0 = 120 + f * 16;
    stems.push(`M${nums(x0, BASE_Y)}l${nums(ex, ey)}`);
    for (let t = 0.4; t < 0.95; t += 0.26) {
      const px = x0 + ex * t;
      const py = BASE_Y + ey * t;
      const s = size * (1.15 - t * 0.4);
      leaves.push(leaf(px, py, deg - 58, s, s * 1.1), leaf(px, py, deg + 58, s, s * 1.1));
    }
    if (art.accent && i % 2 === 0) {
      const [sx, sy] = turn(0, -16, deg);
      spikes.push(`M${nums(x0 + ex, BASE_Y + ey)}l${nums(sx, sy)}`);
    } else {
      leaves.push(leaf(x0 + ex, BASE_Y + ey + 3, deg, size * 0.9, size * 0.8));
    }
  }
  let out =
    `<path d="${stems.join("")}" stroke="${shade(art.leaf, -0.3)}" stroke-width="2.2" stroke-linecap="round"/>` +
    `<path d="${leaves.join("")}" fill="${art.leaf}"/>`;
  if (art.accent) {
    out += `<path d="${spikes.join("")}" stroke="${art.accent}" stroke-width="4.5" stroke-linecap="round"/>`;
  }
  return out;
}

const FONT = `font-family="Helvetica, Arial, sans-serif" font-weight="700" text-anchor="middle"`;

function drawBag(art: ProductArt, label: string): string {
  const accent = art.accent ?? "#f2c84b";
  const ink = luminance(accent) > 0.55 ? shade(art.leaf, -0.35) : "#ffffff";
  return (
    `<ellipse cx="120" cy="214" rx="62" ry="6" fill="#000" opacity=".08"/>` +
    `<path d="M68 66H172Q184 140 176 210Q120 220 64 210Q56 140 68 66Z" fill="${art.leaf}"/>` +
    `<path d="M150 70h20q10 70 4 138q-12 3-26 4q8-70 2-142z" fill="#000" opacity=".1"/>` +
    `<path d="M62 50H178L172 72H68Z" fill="${shade(art.leaf, -0.2)}"/>` +
    `<path d="M70 61H170" stroke="${shade(art.leaf, 0.3)}" stroke-width="1.5" stroke-dasharray="4 3"/>` +
    `<path d="M61 116H179V168H61Z" fill="${accent}"/>` +
    `<path d="M120 110v-10" stroke="${accent}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="${leaf(119, 101, -55, 24, 18)}${leaf(121, 101, 55, 20, 16)}" fill="${accent}"/>` +
    `<text x="120" y="152" ${FONT} font-size="30" fill="${ink}">${escapeXml(label)}</text>`
  );
}

function drawBottle(art: ProductArt, label: string): string {
  const accent = art.accent ?? "#ffffff";
  const ink = luminance(accent) > 0.55 ? shade(art.leaf, -0.2) : "#ffffff";
  const cap = "#3d4448";
  return (
    `<ellipse cx="120" cy="216" rx="46" ry="5" fill="#000" opacity=".08"/>` +
    `<path d="M96 46h50a8 8 0 0 1 8 8v10H96z" fill="${cap}"/>` +
    `<path d="M96 50H76v10h20z" fill="${shade(cap, 0.2)}"/>` +
    `<path d="M104 64h12l-8 28h-10z" fill="${shade(cap, 0.15)}"/>` +
    `<rect x="112" y="64" width="28" height="22" fill="${shade(art.leaf, 0.25)}"/>` +
    `<rect x="82" y="84" width="88" height="132" rx="16" fill="${art.leaf}"/>` +
    `<rect x="91" y="96" width="7" height="30" rx="3.5" fill="#fff" opacity=".3"/>` +
    `<rect x="92" y="128" width="68" height="64" rx="8" fill="${accent}"/>` +
    `<path d="${leaf(125, 162, -55, 18, 14)}${leaf(127, 162, 55, 15, 12)}" fill="${art.leaf}"/>` +
    `<text x="126" y="182" ${FONT} font-size="17" fill="${ink}">${escapeXml(label)}</text>`
  );
}

/**
 * Renders the SVG picture of one product. Pure and deterministic: the same
 * art, slug and label always give the same string. `label` is the pack size
 * printed on bags and bottles (ignored for plants).
 */
export function renderProductSvg(art: ProductArt, slug: string, label = ""): string {
  const seed = hash(slug);
  const r = rng(seed);
  const packaged = art.shape === "bag" || art.shape === "bottle";
  const bg = pick(packaged ? PACK_BACKGROUNDS : PLANT_BACKGROUNDS, r());
  const potColour = pick(POTS, r());
  let body: string;
  switch (art.shape) {
    case "bag":
      body = drawBag(art, label);
      break;
    case "bottle":
      body = drawBottle(art, label);
      break;
    case "trailing": {
      const { back, front } = drawTrailing(art, r);
      body = back + potSvg(potColour) + front;
      if (art.accent) body = flowerDef(art.accent, 3 + r() * 1.5) + body;
      break;
    }
    case "upright":
      body = drawUpright(art, r) + potSvg(potColour);
      break;
    case "broadleaf":
      body = drawBroadleaf(art, r) + potSvg(potColour);
      break;
    case "rosette": {
      const plant = drawRosette(art, r);
      body = (art.accent ? flowerDef(art.accent, 3) : "") + plant + potSvg(potColour);
      break;
    }
    case "shrub":
      body = drawShrub(art, r) + potSvg(potColour);
      break;
    case "palm":
      body = drawPalm(art, r) + potSvg(potColour);
      break;
    case "herb":
      body = drawHerb(art, r) + potSvg(potColour);
      break;
  }
  const background = packaged
    ? `<rect x="8" y="8" width="224" height="224" rx="40" fill="${bg}"/>`
    : `<circle cx="120" cy="120" r="112" fill="${bg}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">${background}${body}</svg>\n`;
}

function main(): void {
  const outDir = fileURLToPath(new URL("../public/images/products/", import.meta.url));
  mkdirSync(outDir, { recursive: true });
  const items = [
    ...plants.map((p) => ({ slug: p.slug, art: p.art, label: "" })),
    ...fertilisers.map((f) => ({ slug: f.slug, art: f.art, label: f.size })),
  ];
  const seen = new Set<string>();
  let largest = 0;
  for (const item of items) {
    if (seen.has(item.slug)) throw new Error(`Duplicate slug: ${item.slug}`);
    seen.add(item.slug);
    const svg = renderProductSvg(item.art, item.slug, item.label);
    largest = Math.max(largest, Buffer.byteLength(svg));
    writeFileSync(`${outDir}${item.slug}.svg`, svg);
  }
  console.log(`Wrote ${items.length} SVG files to ${outDir} (largest ${largest} bytes).`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main();
}
