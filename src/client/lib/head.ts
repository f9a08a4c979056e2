// Page head (title, description, canonical, robots): rendered on the server, updated on client navigation.
export interface HeadData {
  title: string;
  description?: string;
  /** Path of the canonical URL, e.g. '/locations'. */
  canonical?: string;
  robots?: 'noindex' | 'noindex, nofollow';
  /** HTTP status of the first response (404 for not-found views). */
  status?: number;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function headToHtml(head: HeadData, appUrl: string): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(appUrl + head.canonical)}">`);
  if (head.robots) tags.push(`<meta name="robots" content="${head.robots}">`);
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
  upsert(
    'link[rel="canonical"]',
    () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
    'href',
    head.canonical ? appUrl + head.canonical : undefined,
  );
}
