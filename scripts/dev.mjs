// npm run dev: the API server with reload (tsx watch, port 3000) beside Vite's dev server (port 5173).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const children = [
  // The browser talks to Vite (5173), which proxies the API: that is the origin the server must accept.
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { APP_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
