// Vite: the client build (dist/client), the server build (--ssr, dist/server) and the dev server.
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const API = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': path.join(root, 'src'), '@db': path.join(root, 'db') },
  },
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', emptyOutDir: true, sourcemap: true }
    : { outDir: 'dist/client', emptyOutDir: true, manifest: true },
  server: {
    proxy: Object.fromEntries(['/api', '/auth', '/healthz', '/webhooks', '/sitemap.xml', '/robots.txt'].map((p) => [p, API])),
  },
}));
