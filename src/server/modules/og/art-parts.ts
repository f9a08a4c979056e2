// Drawing parts of the lot illustrations (cars, signs, trees, clouds...) as SVG fragments in the 1200x750
// design space of lot-art.ts, plus the small seeded random source that varies them per lot.

export const C = {
  primary: '#1d4ed8',
  primaryDark: '#1e3a8a',
  primaryMid: '#3b82f6',
  blue400: '#60a5fa',
  blue300: '#93c5fd',
  blue200: '#bfdbfe',
  blue100: '#dbeafe',
  blue50: '#eff6ff',
  white: '#ffffff',
  s50: '#f8fafc',
  s100: '#f1f5f9',
  s200: '#e2e8f0',
  s300: '#cbd5e1',
  s400: '#94a3b8',
  s500: '#64748b',
  s600: '#475569',
  s700: '#334155',
  s800: '#1e293b',
  s900: '#0f172a',
  amber: '#f59e0b',
  light: '#fef3c7',
} as const;

export const CAR_COLORS = [C.primary, C.s50, C.s700, C.blue400, C.s400, C.primaryDark, C.s200, C.amber] as const;

/** mulberry32: a tiny deterministic PRNG, so the same seed always draws the same picture. */
export function rng(seed: number) {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

const n = (v: number) => Math.round(v * 10) / 10;

/** A side-view car standing on (x, y), about 236 x 106 units at scale 1. */
export function car(x: number, y: number, s: number, body: string, flip = false): string {
  const glass = body === C.s50 || body === C.s200 ? C.s300 : C.blue100;
  const trim = body === C.s50 || body === C.s200 ? C.s400 : 'rgba(15,23,42,.22)';
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${flip ? -s : s} ${s})">
<ellipse cx="0" cy="1" rx="124" ry="9" fill="${C.s900}" fill-opacity=".22"/>
<path d="M-114 -24Q-118 -58-88 -62L-62 -65-36 -98Q-30 -105-20 -105H44Q55 -105 63 -97L96 -65 106 -63Q120 -59 120 -42V-24Z" fill="${body}" stroke="${trim}" stroke-width="2"/>
<path d="M-28 -67-8 -94H17V-67Z M27 -67V-94H47Q54 -94 59 -88L79 -67Z" fill="${glass}"/>
<path d="M22 -64V-30 M-40 -44H-26 M48 -44H62" stroke="${trim}" stroke-width="3" stroke-linecap="round"/>
<rect x="104" y="-54" width="14" height="9" rx="4" fill="${C.light}"/><rect x="-116" y="-56" width="9" height="11" rx="4" fill="#f87171"/>
<circle cx="-66" cy="-22" r="23" fill="${C.s800}"/><circle cx="-66" cy="-22" r="10" fill="${C.s300}"/>
<circle cx="70" cy="-22" r="23" fill="${C.s800}"/><circle cx="70" cy="-22" r="10" fill="${C.s300}"/>
</g>`;
}

/** A "P" badge (rounded square) of side `size` centred on (x, y): blue on white, or white on blue. */
export function pBadge(x: number, y: number, size: number, inverse = false): string {
  const k = size / 100;
  const [bg, fg] = inverse ? [C.white, C.primary] : [C.primary, C.white];
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(k * 100) / 100})">
<rect x="-50" y="-50" width="100" height="100" rx="18" fill="${bg}"/>
<path d="M-13 25V-25H5A16 16 0 0 1 5 7H-13" fill="none" stroke="${fg}" stroke-width="13" stroke-linecap="round" stroke-linejoin="round"/>
</g>`;
}

/** The blue "P" parking sign on a pole standing on (x, y). */
export function parkingSign(x: number, y: number, s = 1): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">
<rect x="-6" y="-200" width="12" height="200" rx="4" fill="${C.s500}"/><ellipse cx="0" cy="0" rx="22" ry="5" fill="${C.s900}" fill-opacity=".2"/>
<rect x="-50" y="-290" width="100" height="100" rx="18" fill="${C.primary}"/>
<rect x="-42" y="-282" width="84" height="84" rx="12" fill="none" stroke="${C.white}" stroke-width="4"/>
<path d="M-13 -215V-265H5A16 16 0 0 1 5 -233H-13" fill="none" stroke="${C.white}" stroke-width="13" stroke-linecap="round" stroke-linejoin="round"/>
</g>`;
}

/** A round-crowned tree in the palette's blues, standing on (x, y). */
export function tree(x: number, y: number, s = 1): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">
<rect x="-7" y="-80" width="14" height="80" rx="5" fill="${C.s500}"/>
<circle cx="-30" cy="-92" r="40" fill="${C.blue300}"/><circle cx="32" cy="-96" r="42" fill="${C.blue300}"/>
<circle cx="0" cy="-132" r="52" fill="${C.blue300}"/><circle cx="-14" cy="-146" r="26" fill="${C.blue200}"/>
</g>`;
}

/** A street lamp standing on (x, y), h units tall. */
export function lamp(x: number, y: number, h = 230, flip = false): string {
  const d = flip ? -1 : 1;
  return `<g transform="translate(${n(x)} ${n(y)})">
<rect x="-5" y="${-h}" width="10" height="${h}" rx="4" fill="${C.s600}"/>
<path d="M0 ${-h + 6}Q0 ${-h - 14} ${20 * d} ${-h - 14}H${44 * d}" fill="none" stroke="${C.s600}" stroke-width="8" stroke-linecap="round"/>
<rect x="${d > 0 ? 30 : -62}" y="${-h - 20}" width="32" height="12" rx="6" fill="${C.s700}"/>
<rect x="${d > 0 ? 34 : -58}" y="${-h - 9}" width="24" height="6" rx="3" fill="${C.light}"/>
</g>`;
}

export function cloud(x: number, y: number, s = 1): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})" fill="${C.white}">
<rect x="-44" y="-4" width="168" height="36" rx="18"/><circle cx="0" cy="0" r="30"/><circle cx="44" cy="-18" r="40"/><circle cx="90" cy="0" r="28"/>
</g>`;
}

/** Far-off buildings along the horizon, pale so they read as distance. */
export function skyline(r: Rng, horizon: number): string {
  const out: string[] = [];
  for (let x = -600; x < 1800;) {
    const w = r.int(60, 130);
    const h = r.int(50, 190);
    const tone = r.chance(0.5) ? '#d5dde8' : '#e4e9f0';
    out.push(`<rect x="${x}" y="${horizon - h}" width="${w}" height="${h}" fill="${tone}"/>`);
    if (h > 90)
      out.push(
        `<path d="M${x + 14} ${horizon - h + 20}V${horizon - 12}M${x + w - 14} ${horizon - h + 20}V${horizon - 12}" stroke="${C.s100}" stroke-width="6" stroke-dasharray="8 10"/>`,
      );
    x += w + r.int(-10, 30);
  }
  return out.join('');
}

/** Parking-stall lines for one row: slanted white stripes every `step` units between y1 and y2. */
export function stalls(y1: number, y2: number, step: number, from = -600, to = 1800, lean = 26): string {
  let d = '';
  for (let x = from; x <= to; x += step) d += `M${x} ${y1}L${x - lean} ${y2}`;
  return `<path d="${d}" stroke="${C.white}" stroke-width="7" stroke-linecap="round" stroke-opacity=".85"/>`;
}

/** A white key on a transparent background, centred on (x, y). */
export function keyIcon(x: number, y: number, s = 1, color: string = C.white): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})" fill="none" stroke="${color}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round">
<circle cx="-18" cy="0" r="15"/><path d="M-3 0H32M20 0V14M32 0V11"/>
</g>`;
}
