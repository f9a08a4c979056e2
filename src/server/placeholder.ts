// /api/placeholder/{w}/{h}: a neutral SVG image for lots without photos (sizes clamped, label escaped).
const clamp = (n: number, min: number, max: number, fallback: number) =>
  Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);

export function placeholderSvg(width: number, height: number, label?: string): string {
  const w = clamp(width, 16, 2000, 400);
  const h = clamp(height, 16, 2000, 300);
  const text = escapeXml((label ?? `${w}×${h}`).slice(0, 60));
  const size = Math.max(10, Math.min(w, h) / 9);
  const icon = Math.min(w, h) / 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${text}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dbeafe"/><stop offset="1" stop-color="#e0e7ff"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<g transform="translate(${w / 2 - icon / 2} ${h / 2 - icon * 0.8})" fill="none" stroke="#1d4ed8" stroke-width="${Math.max(1.5, icon / 14)}" stroke-linecap="round" stroke-linejoin="round" opacity="0.55">
<rect x="0" y="0" width="${icon}" height="${icon}" rx="${icon / 6}"/><path d="M${icon * 0.36} ${icon * 0.78}V${icon * 0.22}h${icon * 0.2}a${icon * 0.17} ${icon * 0.17} 0 0 1 0 ${icon * 0.34}h-${icon * 0.2}"/>
</g>
<text x="50%" y="${h / 2 + icon * 0.75}" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size.toFixed(1)}" fill="#1e3a8a" opacity="0.75">${text}</text>
</svg>`;
}
