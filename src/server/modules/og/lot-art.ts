// Flat illustrations of the five lot types (garage, surface lot, covered, valet, cruise terminal) as SVG:
// the artwork shown for lots without photos (/api/placeholder) and on the lot's social card (/og).
// Scenes are drawn in a 1200x750 design space, scaled to fit the requested size and anchored to the
// bottom; sky and ground run past the design box, so any aspect from square to very wide looks finished.
// No `opacity` attribute anywhere (fill-/stroke-opacity only): resvg 2.6 aborts the process on an opacity
// layer that falls wholly outside the canvas, which cropped renders (the social cards) produce.
import { C, CAR_COLORS, car, cloud, keyIcon, lamp, parkingSign, pBadge, rng, skyline, stalls, tree, type Rng } from './art-parts';

export const LOT_ART_KINDS = ['surface', 'garage', 'covered', 'valet', 'cruise'] as const;
export type TLotArtKind = (typeof LOT_ART_KINDS)[number];

/** Alt text of each kind's illustration. */
export const LOT_ART_ALT: Record<TLotArtKind, string> = {
  surface: 'Illustration of an open-air parking lot',
  garage: 'Illustration of a multi-storey parking garage',
  covered: 'Illustration of a covered parking lot',
  valet: 'Illustration of a valet parking stand',
  cruise: 'Illustration of a parking lot at a cruise terminal',
};

const DW = 1200;
const DH = 750;
const HY = 470; // horizon in design units

const SKIES = [
  [C.blue200, C.blue50],
  ['#c7d2fe', '#eef2ff'],
  ['#bae6fd', '#f0f9ff'],
] as const;

function clouds(r: Rng): string {
  const out: string[] = [];
  for (let x = -500 + r.int(0, 200); x < 1700; x += r.int(300, 460)) out.push(cloud(x, r.int(70, 230), 0.6 + r.next() * 0.6));
  // A higher row, seen only when the picture is taller than the scene.
  for (let x = -400 + r.int(0, 200); x < 1600; x += r.int(420, 620)) out.push(cloud(x, r.int(-260, -90), 0.7 + r.next() * 0.5));
  return out.join('');
}

/** Cars for a row of stalls: one in most slots, some left empty. */
function carRow(r: Rng, y: number, s: number, slots: number[], empty = 0.25): string {
  return slots
    .filter(() => !r.chance(empty))
    .map((x) => car(x, y, s, r.pick(CAR_COLORS), r.chance(0.3)))
    .join('');
}

const asphalt = (y: number, color: string = C.s500) => `<rect x="-1200" y="${y}" width="3600" height="${DH - y + 600}" fill="${color}"/>`;
const verge = (y: number, h = 22) => `<rect x="-1200" y="${y}" width="3600" height="${h}" fill="${C.s200}"/>`;

function fence(y: number): string {
  let posts = '';
  for (let x = -580; x < 1800; x += 70) posts += `M${x} ${y - 44}V${y}`;
  return `<path d="${posts}M-600 ${y - 40}H1800M-600 ${y - 18}H1800" stroke="${C.s400}" stroke-width="5"/>`;
}

function surface(r: Rng): string {
  const back = [-330, -70, 190, 450, 710, 970, 1230, 1490];
  const front = [-390, -90, 210, 510, 810, 1110, 1410];
  return [
    skyline(r, HY),
    tree(r.int(560, 700), HY, 0.9),
    tree(-260, HY, 0.8),
    tree(1420, HY, 0.85),
    fence(HY),
    lamp(300, HY + 10, 270),
    lamp(1010, HY + 10, 270, true),
    verge(HY),
    asphalt(HY + 22),
    // The pay booth with its barrier arm, at the lot's entrance.
    `<g transform="translate(110 590)"><rect x="-70" y="-110" width="140" height="110" rx="6" fill="${C.s50}"/>
<rect x="-50" y="-88" width="100" height="46" rx="4" fill="${C.blue300}"/><rect x="-84" y="-128" width="168" height="24" rx="6" fill="${C.primary}"/>
<rect x="80" y="-62" width="22" height="62" rx="4" fill="${C.s600}"/><path d="M100 -52H330" stroke="${C.white}" stroke-width="12" stroke-linecap="round"/>
<path d="M130 -52H154M190 -52H214M250 -52H274" stroke="#ef4444" stroke-width="12"/></g>`,
    pBadge(110, 418, 72),
    stalls(HY + 30, 580, 260, 320, 1800),
    parkingSign(1150, HY + 28, 0.8),
    carRow(
      r,
      578,
      0.72,
      back.filter((x) => x > 400),
      0.3,
    ),
    `<path d="M-600 606H1800" stroke="${C.light}" stroke-width="6" stroke-dasharray="40 30" stroke-opacity=".9"/>`,
    stalls(630, 745, 300, -540),
    carRow(r, 722, 1, front, 0.2),
  ].join('');
}

function garage(r: Rng): string {
  const x0 = 300;
  const x1 = 1060;
  const base = 612;
  const level = 104;
  const levels = 4;
  const parts = [skyline(r, HY), tree(110, HY + 6, 1), tree(-180, HY + 6, 0.9), tree(1360, HY + 6, 0.9), verge(HY, base - HY)];
  for (let i = 0; i < levels; i++) {
    const top = base - (i + 1) * level;
    parts.push(`<rect x="${x0}" y="${top}" width="${x1 - x0}" height="${level}" fill="${C.s700}"/>`);
    const slots = i === 0 ? [700, 860] : [420, 600, 780, 940];
    parts.push(
      slots
        .filter(() => !r.chance(0.2))
        .map((x) => car(x, top + level - 2, 0.5, r.pick(CAR_COLORS), r.chance(0.5)))
        .join(''),
    );
    for (let x = x0; x <= x1; x += 152) parts.push(`<rect x="${Math.min(x, x1 - 20)}" y="${top}" width="20" height="${level}" fill="${C.s300}"/>`);
    parts.push(
      `<rect x="${x0 - 12}" y="${top - 4}" width="${x1 - x0 + 24}" height="26" rx="3" fill="${C.s100}"/><rect x="${x0 - 12}" y="${top + 18}" width="${x1 - x0 + 24}" height="5" fill="${C.s300}"/>`,
    );
  }
  const roof = base - levels * level;
  parts.push(
    `<rect x="${x0 - 12}" y="${roof - 30}" width="${x1 - x0 + 24}" height="30" rx="3" fill="${C.s100}"/>`,
    lamp(560, roof - 30, 70),
    lamp(880, roof - 30, 70, true),
    // Entry: barrier arm and a striped lintel on the ground floor.
    `<rect x="${x0 + 20}" y="${base - 80}" width="190" height="80" fill="${C.s800}"/>`,
    `<path d="M${x0 + 30} ${base - 52}H${x0 + 200}" stroke="${C.white}" stroke-width="9" stroke-dasharray="22 18" stroke-linecap="round"/>`,
    `<rect x="${x0 + 20}" y="${base - 104}" width="190" height="22" fill="${C.amber}"/>`,
    // Stair tower with the blade sign.
    `<rect x="${x0 - 110}" y="${roof - 70}" width="110" height="${base - roof + 70}" fill="${C.primary}"/>`,
    `<rect x="${x0 - 64}" y="${roof - 40}" width="18" height="${base - roof + 20}" rx="6" fill="${C.blue400}"/>`,
    pBadge(x0 - 55, roof + 32, 84, true),
    `<rect x="-1200" y="${base}" width="3600" height="18" fill="${C.s300}"/>`,
    asphalt(base + 18, C.s600),
    `<path d="M-600 ${base + 84}H1800" stroke="${C.white}" stroke-width="6" stroke-dasharray="50 40" stroke-opacity=".8"/>`,
    car(r.int(120, 240), 730, 1, r.pick(CAR_COLORS)),
    car(r.int(820, 900), 730, 1, r.pick(CAR_COLORS), true),
    parkingSign(1140, base + 6),
  );
  return parts.join('');
}

function covered(r: Rng): string {
  const posts = [-140, 170, 480, 790, 1100, 1410];
  const slots = [15, 325, 635, 945, 1255];
  let panels = '';
  for (let x = -220; x < 1500; x += 110) panels += `M${x} 398L${x - 14} 428`;
  return [
    skyline(r, HY),
    tree(-40, HY, 0.9),
    tree(r.int(1160, 1260), HY, 1),
    fence(HY),
    verge(HY),
    asphalt(HY + 22),
    // Shade under the roof, then the cars, then posts and the roof itself in front of them.
    `<path d="M-230 480H1490L1520 742H-260Z" fill="${C.s900}" fill-opacity=".16"/>`,
    stalls(560, 745, 310, -295, 1600, 30),
    carRow(r, 724, 1, slots, 0.12),
    posts.map((x) => `<rect x="${x - 9}" y="470" width="18" height="${744 - 470}" rx="4" fill="${C.s600}"/>`).join(''),
    `<path d="M-220 398H1480L1510 428H-250Z" fill="${C.blue300}"/><path d="${panels}" stroke="${C.blue100}" stroke-width="4"/>`,
    `<rect x="-252" y="426" width="1764" height="46" fill="${C.primary}"/><rect x="-252" y="426" width="1764" height="6" fill="${C.primaryMid}"/>`,
    `<path d="M-200 480H1460" stroke="${C.light}" stroke-width="7" stroke-dasharray="44 266" stroke-dashoffset="-90"/>`,
    pBadge(600, 449, 78, true),
  ].join('');
}

function valet(r: Rng): string {
  const bx0 = 470;
  const bx1 = 1340;
  const top = 170;
  const foot = 540;
  let windows = '';
  for (let y = top + 40; y < foot - 130; y += 62) windows += `M${bx0 + 40} ${y}H${bx1 - 40}`;
  return [
    skyline(r, HY),
    `<rect x="${bx0}" y="${top}" width="${bx1 - bx0}" height="${foot - top}" fill="${C.s50}"/>`,
    `<rect x="${bx0}" y="${top - 18}" width="${bx1 - bx0}" height="22" fill="${C.s300}"/>`,
    `<path d="${windows}" stroke="${C.blue200}" stroke-width="34" stroke-dasharray="70 26"/>`,
    // Entrance: glass doors under a blue canopy.
    `<rect x="640" y="${foot - 110}" width="260" height="110" fill="${C.blue300}"/><path d="M705 ${foot - 110}V${foot}M770 ${foot - 110}V${foot}M835 ${foot - 110}V${foot}" stroke="${C.s50}" stroke-width="6"/>`,
    `<path d="M600 ${foot - 150}H940L960 ${foot - 118}H580Z" fill="${C.primary}"/>`,
    tree(1400, foot, 1),
    tree(380, foot, 0.85),
    tree(40, foot, 0.95),
    `<rect x="-1200" y="${foot}" width="3600" height="24" fill="${C.s300}"/>`,
    asphalt(foot + 24, C.s500),
    `<path d="M-600 ${foot + 28}H1800" stroke="${C.amber}" stroke-width="6"/>`,
    // The valet stand: a blue podium with a key, under a striped umbrella.
    `<g transform="translate(250 728)">
<rect x="-4" y="-290" width="8" height="180" fill="${C.s600}"/>
<path d="M-120 -262Q0 -340 120 -262Z" fill="${C.primary}"/><path d="M-40 -262Q0 -336 0 -300Q0 -336 40 -262Z" fill="${C.white}"/>
<path d="M-120 -262Q-100 -248-80 -262Q-60 -248-40 -262Q-20 -248 0 -262Q20 -248 40 -262Q60 -248 80 -262Q100 -248 120 -262" fill="${C.primary}"/>
<rect x="-62" y="-120" width="124" height="120" rx="8" fill="${C.primary}"/><rect x="-72" y="-132" width="144" height="20" rx="6" fill="${C.primaryDark}"/>
${keyIcon(0, -60, 1.1)}<ellipse cx="0" cy="0" rx="80" ry="8" fill="${C.s900}" fill-opacity=".2"/></g>`,
    // The attendant.
    `<g transform="translate(380 728)"><rect x="-22" y="-70" width="18" height="70" rx="8" fill="${C.s800}"/><rect x="4" y="-70" width="18" height="70" rx="8" fill="${C.s800}"/>
<rect x="-30" y="-158" width="60" height="96" rx="24" fill="${C.primary}"/><path d="M-10 -156L0 -120 10 -156" fill="${C.white}"/>
<circle cx="0" cy="-182" r="24" fill="#e8b48f"/><path d="M-26 -188Q0 -222 26 -188Z" fill="${C.s800}"/><rect x="-4" y="-190" width="36" height="8" rx="4" fill="${C.s800}"/></g>`,
    parkingSign(1010, foot + 26, 0.8),
    car(r.int(720, 780), 728, 1.05, r.pick(CAR_COLORS)),
    car(1180, 728, 1, r.pick(CAR_COLORS), true),
  ].join('');
}

function cruise(r: Rng): string {
  const sea = 450;
  const quay = 560;
  return [
    `<rect x="-1200" y="${sea}" width="3600" height="${quay - sea}" fill="${C.blue300}"/>`,
    `<rect x="-1200" y="${sea}" width="3600" height="14" fill="${C.blue200}"/>`,
    // The ship: hull, decks with rows of cabins, lifeboats, funnel.
    `<path d="M330 382H1210L1150 512H430Q380 512 356 470Z" fill="${C.white}"/>`,
    `<path d="M352 462H1172L1150 512H430Q380 512 352 462Z" fill="${C.primaryDark}"/>`,
    `<path d="M348 448H1180" stroke="${C.primary}" stroke-width="8"/>`,
    `<path d="M420 414H1150" stroke="${C.s700}" stroke-width="10" stroke-dasharray="12 10"/>`,
    `<rect x="420" y="318" width="700" height="66" rx="6" fill="${C.s50}"/><path d="M440 342H1100M440 366H1100" stroke="${C.blue300}" stroke-width="10" stroke-dasharray="22 8"/>`,
    `<rect x="470" y="262" width="580" height="58" rx="6" fill="${C.white}"/><path d="M490 290H1030" stroke="${C.s600}" stroke-width="12" stroke-dasharray="20 10"/>`,
    `<path d="M500 388H1000" stroke="${C.amber}" stroke-width="16" stroke-linecap="round" stroke-dasharray="36 34"/>`,
    `<rect x="560" y="216" width="340" height="48" rx="6" fill="${C.s50}"/><rect x="900" y="226" width="120" height="38" rx="6" fill="${C.s50}"/><path d="M916 242H1006" stroke="${C.s700}" stroke-width="12"/>`,
    `<path d="M700 216L716 146H812L820 216Z" fill="${C.primary}"/><rect x="712" y="158" width="104" height="18" fill="${C.white}"/>`,
    `<path d="M160 150l14 10 14-10M230 118l12 9 12-9" fill="none" stroke="${C.s500}" stroke-width="5" stroke-linecap="round"/>`,
    `<path d="M-300 ${sea + 40}h90M120 ${sea + 70}h120M1230 ${sea + 60}h110M-100 ${sea + 92}h70" stroke="${C.white}" stroke-width="6" stroke-linecap="round"/>`,
    // The terminal on the quay.
    `<rect x="-260" y="420" width="560" height="${quay - 420}" fill="${C.s100}"/><rect x="-260" y="470" width="560" height="52" fill="${C.blue200}"/>`,
    `<path d="M-290 424Q-150 360 0 410Q150 360 330 424Z" fill="${C.primary}"/>`,
    `<path d="M-240 470V522M-140 470V522M-40 470V522M60 470V522M160 470V522M260 470V522" stroke="${C.s100}" stroke-width="8"/>`,
    `<rect x="-1200" y="${quay}" width="3600" height="18" fill="${C.s300}"/>`,
    asphalt(quay + 18),
    stalls(quay + 30, 745, 290, -610, 1800, 30),
    carRow(r, 724, 1, [-455, -165, 125, 415, 705, 995, 1285], 0.22),
    parkingSign(270, 724, 0.9),
  ].join('');
}

const SCENES: Record<TLotArtKind, (r: Rng) => string> = { surface, garage, covered, valet, cruise };

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** Where each scene's subject is (design x), for cropped ("cover") renders such as the social cards. */
const FOCUS: Record<TLotArtKind, number> = { surface: 400, garage: 560, covered: 600, valet: 480, cruise: 700 };
/** How much of the box height the scene takes in a cover render: low scenes are drawn closer. */
const COVER_ZOOM: Record<TLotArtKind, number> = { surface: 0.9, garage: 0.75, covered: 0.88, valet: 0.85, cruise: 0.78 };

export interface LotArtOptions {
  seed?: number;
  /** A caption drawn in a pill at the top left (the blog's generated images). */
  label?: string;
  /** contain (default): the whole scene, anchored to the bottom; cover: fill the box around the subject. */
  fit?: 'contain' | 'cover';
}

/**
 * A caption in a pill at the top left that always fits the picture: the font shrinks to the width, a long
 * caption takes two lines, and each line is held to its box (textLength), so no font's metrics can clip it.
 */
function captionPill(label: string, w: number, h: number): string {
  let size = Math.max(11, Math.round(Math.min(w, h) / 13));
  const margin = () => size / 2;
  const pad = () => size * 0.8;
  const avail = () => w - 2 * margin() - 2 * pad();
  const est = (text: string) => text.length * size * 0.6;
  let lines = [label];
  if (est(label) > avail()) size = Math.max(8, Math.floor(avail() / (label.length * 0.6)));
  if (est(label) > avail()) {
    const words = label.split(' ');
    let best = 1;
    for (let i = 1; i < words.length; i++) {
      if (Math.abs(words.slice(0, i).join(' ').length - label.length / 2) < Math.abs(words.slice(0, best).join(' ').length - label.length / 2)) best = i;
    }
    lines = words.length > 1 ? [words.slice(0, best).join(' '), words.slice(best).join(' ')] : [label];
  }
  const lineHeight = size * 1.25;
  const textWidth = Math.min(avail(), Math.max(...lines.map(est)));
  const boxH = size * 0.65 + lines.length * lineHeight;
  const rows = lines
    .map((line, i) => {
      const lw = Math.min(avail(), est(line));
      return `<text x="${(margin() + pad()).toFixed(1)}" y="${(margin() + size * 0.33 + lineHeight * (i + 0.5)).toFixed(1)}" dominant-baseline="middle" textLength="${lw.toFixed(1)}" lengthAdjust="spacingAndGlyphs" font-family="Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="${size}" font-weight="600" fill="${C.primaryDark}">${escapeXml(line)}</text>`;
    })
    .join('');
  return `<g><rect x="${margin().toFixed(1)}" y="${margin().toFixed(1)}" width="${(textWidth + 2 * pad()).toFixed(1)}" height="${Math.min(boxH, h - 2 * margin()).toFixed(1)}" rx="${Math.min(size * 0.95, boxH / 2).toFixed(1)}" fill="${C.white}" fill-opacity=".94"/>${rows}</g>`;
}

/** The illustration of a lot type at w x h (already validated). */
export function lotArtSvg(kind: TLotArtKind, w: number, h: number, { seed = 0, label, fit = 'contain' }: LotArtOptions = {}): string {
  const r = rng(seed * 2654435761 + LOT_ART_KINDS.indexOf(kind) + 1);
  const [top, bottom] = r.pick(SKIES);
  // cover fills the width and draws the scene a little lower than the box, with more sky above.
  const s = fit === 'cover' ? Math.max(w / DW, (COVER_ZOOM[kind] * h) / DH) : Math.min(w / DW, h / DH);
  const tx = fit === 'cover' ? w / 2 - FOCUS[kind] * s : (w - DW * s) / 2;
  const ty = h - DH * s;
  const horizon = ty + HY * s;
  const title = escapeXml(label ? label.slice(0, 60) : LOT_ART_ALT[kind]);
  const sun = `<circle cx="${r.int(120, 1080)}" cy="${r.int(90, 150)}" r="56" fill="${C.light}"/>`;
  const caption = label ? captionPill(label.slice(0, 60), w, h) : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${title}">
<title>${title}</title>
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<rect y="${horizon.toFixed(1)}" width="${w}" height="${(h - horizon).toFixed(1)}" fill="${C.s200}"/>
<g transform="translate(${tx.toFixed(2)} ${ty.toFixed(2)}) scale(${s.toFixed(5)})">${sun}${clouds(r)}${SCENES[kind](r)}</g>
${caption}</svg>`;
}
