// Types of built-server.mjs for the TypeScript tests that boot a built server of their own.
export const root: string;
export function startBuiltServer(
  port: number,
  opts?: { dir?: string; env?: Record<string, string> },
): Promise<{ base: string; dir: string; pid: number; stop: (opts?: { keep?: boolean }) => Promise<void> }>;
export function aPostPath(base: string): Promise<string>;
