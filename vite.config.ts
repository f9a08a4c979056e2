// Vite: the client build (dist/client), the server build (--ssr, dist/server) and the dev server.
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const API = `http://localhost:${process.env.PORT ?? 3000}`;

/** Writes .br (quality 11) and .gz (level 9) beside each script, style and SVG of the client build, which
 * the server sends as they are: smaller than on-the-fly compression, and no CPU per request. */
function precompress(): Plugin {
  return {
    name: 'parkpilot:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment.config.build.ssr) return;
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const full = path.join(options.dir!, file);
        const body = fs.readFileSync(full);
        const gz = zlib.gzipSync(body, { level: 9 });
        const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
        // Even small chunks: a first visit loads a dozen of them.
        if (gz.length < body.length) fs.writeFileSync(`${full}.gz`, gz);
        if (br.length < body.length) fs.writeFileSync(`${full}.br`, br);
      }
    },
  };
}

const icon = (name: string) => `lucide-react/dist/esm/icons/${name}.mjs`;
const ui = (name: string) => `src/client/components/ui/${name}.tsx`;
const search = (name: string) => `src/client/features/search/${name}.tsx`;

/**
 * Chunks by the pages a first visit lands on (issue 28: at most 110 kB of JavaScript, gzip, on each). Rolldown's own
 * split gives each set of modules that the ~60 lazily loaded screens share in a different combination a file of its
 * own: a location page loaded 22 files of a few hundred bytes, each compressed apart (19.4 kB; 14.1 as one). Here a
 * landing page's own modules are one chunk, and what the landing pages share a few more. Modules are named by path,
 * and only those are moved (their dependencies stay where Rolldown puts them), so a screen that shares a named module
 * loads its chunk: named are modules few other screens use (booking, for one, loads `listing` for the pricing). A new
 * module of a landing page that is not named here is placed by Rolldown as before: a file of its own, which the
 * budget test lists (tests/e2e/performance.spec.ts).
 */
const CHUNKS: Record<string, string[]> = {
  // Widgets the landing pages share, each a few of them (home: input, label; blog: all but the text area).
  ui: [ui('badge'), ui('card'), ui('input'), ui('label'), ui('select'), ui('textarea'), icon('search-x'), 'src/shared/wall-clock.ts'],
  // The search form (home and location pages) and a lot's summary, photos and prices (location and lot pages).
  listing: [
    search('search-form'),
    search('location-combobox'),
    'src/client/features/search/search-params.ts',
    'src/shared/search-options.ts',
    icon('plane'),
    icon('anchor'),
    search('lot-rating'),
    'src/client/components/ui/lot-icons.ts',
    'src/client/features/access/gating.ts',
    'src/client/lib/photos.ts',
    'src/shared/lot-photos.ts',
    'src/shared/pricing.ts',
    'src/shared/money.ts',
  ],
  // The location page and the search results (a search on the home page loads them too).
  location: [
    'src/client/pages/location.tsx',
    'src/client/features/chat/location-chat.tsx',
    search('results-list'),
    search('results-controls'),
    search('results-skeleton'),
    search('results-map-state'),
    search('results-map-preview'),
    search('provider-card'),
    ...['badge-dollar-sign', 'calendar-x', 'headset', 'message-square', 'zap'].map(icon),
  ],
  provider: [
    'src/client/pages/provider.tsx',
    'src/client/components/ui/lot-page-icons.ts',
    'src/client/features/reviews/lot-reviews.tsx',
    'src/client/features/checkout/use-stay-start.ts',
    'src/client/features/checkout/lot-stay.ts',
    icon('globe'),
    icon('view'),
  ],
  home: [
    'src/client/pages/home.tsx',
    ...['assistant-button', 'popular-destinations', 'stat-tiles', 'steps-carousel'].map((n) => `src/client/features/home/${n}.tsx`),
    'src/client/features/home/steps.ts',
    icon('message-circle'),
  ],
  blog: ['src/client/pages/blog.tsx'],
  posts: ['src/client/features/blog/post-card.tsx'],
  'blog-post': ['src/client/pages/blog-post.tsx', ...['link-2', 'share-2', 'user-round'].map(icon)],
};
const chunkGroups = Object.entries(CHUNKS).map(([name, paths]) => ({ name, test: (id: string) => paths.some((p) => id.replaceAll('\\', '/').endsWith(`/${p}`)) }));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': path.join(root, 'src'), '@db': path.join(root, 'db') },
  },
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', emptyOutDir: true, sourcemap: true }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // No list of each lazy chunk's files for preloading: 122 file names in the entry, 2.5 kB gzip on every page.
        // The server's render names a landing page's files in its head instead (entry-server.tsx, from the manifest);
        // a chunk loaded later fetches the chunks it imports once it has arrived.
        modulePreload: false,
        // One style sheet (there is only the app's): otherwise each chunk with a lazy import lists it for preloading.
        cssCodeSplit: false,
        // Every module the entry needs in one chunk (`index`): Rolldown's own split gave each module the entry shares
        // with a lazy page a chunk of its own (the JSX runtime, the class merger, the button, TanStack Query's core,
        // ...), eight files that compressed 3.4 kB worse than one. Then the landing pages' chunks (CHUNKS).
        rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'index', tags: ['$initial'] }, ...chunkGroups] } } },
      },
  server: {
    // The service worker (public/sw.js with the brand filled in), the manifest and its icons come from the server too.
    proxy: Object.fromEntries(
      ['/api', '/auth', '/healthz', '/webhooks', '/sitemap.xml', '/robots.txt', '/sw.js', '/manifest.webmanifest', '/icons/', '/pass/'].map((p) => [p, API]),
    ),
  },
}));
