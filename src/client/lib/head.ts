// Page head (title, description, canonical, robots, Open Graph / Twitter tags, JSON-LD): rendered on the
// server, updated on client navigation.
export interface HeadData {
  title: string;
  description?: string;
  /** Path of the canonical URL, e.g. '/locations'. */
  canonical?: string;
  robots?: 'noindex' | 'noindex, nofollow';
  /** HTTP status of the first response (404 for not-found views). */
  status?: number;
  /** Open Graph type and image (path or absolute URL); title, description and URL come from above. */
  og?: {
    type?: 'website' | 'article';
    image?: string | null;
    /** What the image shows, for og:image:alt and twitter:image:alt. */
    imageAlt?: string;
    /** Pixel size of the image, when known (the social cards are 1200x630). */
    imageWidth?: number;
    imageHeight?: number;
    /** The brand, for og:site_name. */
    siteName?: string;
  };
  /** Structured data (schema.org objects), rendered as application/ld+json. */
  jsonLd?: Record<string, unknown>[];
}

const absolute = (url: string, appUrl: string) => (/^https?:\/\//.test(url) ? url : appUrl + url);
/** JSON inside <script>: '<' escaped so no text can close the tag. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function socialTags(head: HeadData, appUrl: string): [string, string][] {
  const og = head.og ?? {};
  const tags: [string, string][] = [
    ['og:title', head.title],
    ['og:type', og.type ?? 'website'],
    ['og:locale', 'en_US'],
    ['twitter:card', og.image ? 'summary_large_image' : 'summary'],
    ['twitter:title', head.title],
  ];
  if (og.siteName) tags.push(['og:site_name', og.siteName]);
  if (head.description) tags.push(['og:description', head.description], ['twitter:description', head.description]);
  if (head.canonical) tags.push(['og:url', appUrl + head.canonical]);
  if (og.image) {
    const image = absolute(og.image, appUrl);
    tags.push(['og:image', image]);
    if (og.imageWidth && og.imageHeight) tags.push(['og:image:width', String(og.imageWidth)], ['og:image:height', String(og.imageHeight)]);
    if (og.imageAlt) tags.push(['og:image:alt', og.imageAlt]);
    tags.push(['twitter:image', image]);
    if (og.imageAlt) tags.push(['twitter:image:alt', og.imageAlt]);
  }
  return tags;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function headToHtml(head: HeadData, appUrl: string): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(appUrl + head.canonical)}">`);
  if (head.robots) tags.push(`<meta name="robots" content="${head.robots}">`);
  for (const [key, value] of socialTags(head, appUrl)) {
    tags.push(`<meta ${key.startsWith('og:') ? 'property' : 'name'}="${key}" content="${escapeHtml(value)}">`);
  }
  for (const data of head.jsonLd ?? []) tags.push(`<script type="application/ld+json" data-head="ld">${jsonForScript(data)}</script>`);
  return tags.join('\n    ');
}

function upsert(selector: string, create: () => HTMLElement, attr: string, value: string | undefined) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (value === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}

/** Client-side: make document.head match the route's head after a navigation. */
export function applyHead(head: HeadData, appUrl: string) {
  document.title = head.title;
  const meta = (name: string) => () => Object.assign(document.createElement('meta'), { name });
  upsert('meta[name="description"]', meta('description'), 'content', head.description);
  upsert('meta[name="robots"]', meta('robots'), 'content', head.robots);
  upsert('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', head.canonical ? appUrl + head.canonical : undefined);
  document.head.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]').forEach((el) => el.remove());
  for (const [key, value] of socialTags(head, appUrl)) {
    const el = document.createElement('meta');
    el.setAttribute(key.startsWith('og:') ? 'property' : 'name', key);
    el.setAttribute('content', value);
    document.head.appendChild(el);
  }
  document.head.querySelectorAll('script[data-head="ld"]').forEach((el) => el.remove());
  for (const data of head.jsonLd ?? []) {
    const el = document.createElement('script');
    el.type = 'application/ld+json';
    el.dataset.head = 'ld';
    el.textContent = JSON.stringify(data);
    document.head.appendChild(el);
  }
}
