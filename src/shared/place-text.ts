// Place names as search compares them, on the server (resolve.ts) and in the search field's suggestions: lower
// case, no accents, punctuation and hyphens as spaces.
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, ' ')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
