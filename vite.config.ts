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
        // Every module the entry needs in one chunk: Rolldown's own split gave each module the entry shares with a
        // lazy page a chunk of its own (the JSX runtime, the class merger, the button, TanStack Query's core, ...),
        // eight files that compressed 3.4 kB worse than one.
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
      },
  server: {
    // The service worker (public/sw.js with the brand filled in), the manifest and its icons come from the server too.
    proxy: Object.fromEntries(
      ['/api', '/auth', '/healthz', '/webhooks', '/sitemap.xml', '/robots.txt', '/sw.js', '/manifest.webmanifest', '/icons/', '/pass/'].map((p) => [p, API]),
    ),
  },
}));
