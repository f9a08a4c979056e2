// The fonts of the social cards: Inter (OFL) from the @fontsource/inter package, resolved through Node's
// module resolution so the same code finds them from source (vitest, tsx) and from dist/server, and in CI
// without any font installed on the machine. satori reads WOFF (not WOFF2); the files are read once.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { SatoriOptions } from 'satori';

type Font = SatoriOptions['fonts'][number];

const WEIGHTS = [400, 600, 800] as const;
export const FONT_FAMILY = 'Inter';

/** The path of one weight's WOFF file in node_modules. */
export function fontPath(weight: (typeof WEIGHTS)[number]): string {
  return createRequire(import.meta.url).resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
}

let loading: Promise<Font[]> | null = null;

export function loadFonts(): Promise<Font[]> {
  loading ??= Promise.all(WEIGHTS.map(async (weight): Promise<Font> => ({ name: FONT_FAMILY, data: await readFile(fontPath(weight)), weight, style: 'normal' }))).catch(
    (err: unknown) => {
      loading = null; // a later request tries again
      throw err;
    },
  );
  return loading;
}

// The latin subset's coverage (its unicode-range): other characters would render as "no glyph" boxes.
const COVERED = /[\u0020-\u007e\u00a0-\u00ff\u0131\u0152\u0153\u02bb\u02bc\u02c6\u02da\u02dc\u2000-\u206f\u20ac\u2122\u2191\u2193\u2212\u2215]/u;

/** Text the fonts can draw: accents outside the subset folded to their base letter, the rest dropped. */
export function drawableText(text: string, max = 140): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (COVERED.test(ch)) out += ch;
    else if (/\s/u.test(ch)) out += ' ';
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      if (base && [...base].every((b) => COVERED.test(b))) out += base;
    }
  }
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > max ? `${out.slice(0, max - 1).trimEnd()}…` : out;
}
