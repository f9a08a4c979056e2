// What the server wrote to the console while a piece of a test ran (the test app's log lines go through
// console.log: tests/support/test-app.ts).
import { vi } from 'vitest';

/** Everything written to console.log, .warn and .error while `fn` ran, one line per call. */
export async function logged(fn: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const capture = (...args: unknown[]) => void lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(capture),
    vi.spyOn(console, 'warn').mockImplementation(capture),
    vi.spyOn(console, 'error').mockImplementation(capture),
  ];
  try {
    await fn();
  } finally {
    spies.forEach((s) => s.mockRestore());
  }
  return lines.join('\n');
}
