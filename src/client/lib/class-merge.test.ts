// mergeClasses must resolve conflicts as tailwind-merge does for the classes this app uses: every pair
// of utilities found in src/client (in both orders), and every pair of the variant classes found there.
import fs from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge';

// Deliberate differences: tailwind-merge 3 reads Tailwind 3's bg-gradient-to-* as a colour, but in
// Tailwind 4 it sets background-image and so does not replace bg-{colour}.
const deliberate = (input: string) => input.includes('bg-gradient-to-');

function appClassTokens(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(p) && !p.includes('class-merge')) files.push(p);
    }
  };
  walk(path.join(import.meta.dirname, '..'));
  const tokens = new Set<string>();
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    for (const m of src.matchAll(/(['"`])((?:(?!\1)[^\\\n])*)\1/g)) {
      // A sentence ('Unable to transform response from server') is not a list of classes: none starts upper-case.
      if (/^[A-Z]/.test(m[2] ?? '')) continue;
      for (const t of (m[2] ?? '').split(/\s+/)) if (/^[!-]?[a-z][\w\-:/.[\]#%(),!&>*=]*$/.test(t) && !t.includes('/client/')) tokens.add(t);
    }
  }
  return [...tokens].sort();
}

function disagreements(left: string[], right: string[]): string[] {
  const out: string[] = [];
  for (const a of left) {
    for (const b of right) {
      const input = `${a} ${b}`;
      if (deliberate(input)) continue;
      const want = twMerge(input);
      const got = mergeClasses(input);
      if (got !== want) out.push(`${input} -> ${got} (tailwind-merge: ${want})`);
    }
  }
  return out;
}

describe('mergeClasses', () => {
  it('keeps the later of two conflicting classes and both of two independent ones', () => {
    expect(mergeClasses('px-2 py-1 px-4')).toBe('py-1 px-4');
    expect(mergeClasses('p-2 px-4')).toBe('p-2 px-4');
    expect(mergeClasses('px-4 p-2')).toBe('p-2');
    expect(mergeClasses('text-sm text-muted-foreground text-base')).toBe('text-muted-foreground text-base');
    expect(mergeClasses('h-9 hover:bg-muted h-11 hover:bg-accent')).toBe('h-11 hover:bg-accent');
    expect(mergeClasses('sm:hover:p-2 hover:sm:p-4')).toBe('hover:sm:p-4');
    expect(mergeClasses('bg-secondary bg-gradient-to-b')).toBe('bg-secondary bg-gradient-to-b');
    expect(mergeClasses('  blog-prose  mt-2 ')).toBe('blog-prose mt-2');
    expect(mergeClasses('shadow-lg shadow-primary/20 shadow-sm')).toBe('shadow-primary/20 shadow-sm');
    expect(mergeClasses('ring-2 ring-ring ring-4')).toBe('ring-ring ring-4');
    // Classes that are not utilities never replace one another.
    expect(mergeClasses('blog-prose blog-card group peer group')).toBe('blog-prose blog-card group peer group');
  });

  const tokens = appClassTokens();
  // The utilities tailwind-merge recognises (it folds a repeated one into one).
  const utilities = [...new Set(tokens.map((t) => t.slice(t.lastIndexOf(':') + 1)))].filter((t) => twMerge(`${t} ${t}`) === t);
  const withVariants = tokens.filter((t) => t.includes(':') && twMerge(`${t} ${t}`) === t);

  // Every pair of some hundreds of utilities: about 13 s on a loaded 2-core machine, more beside the rest of the suite.
  it('agrees with tailwind-merge on every pair of utilities used in src/client', { timeout: 90_000 }, () => {
    expect(utilities.length).toBeGreaterThan(300);
    expect(disagreements(utilities, utilities).slice(0, 20)).toEqual([]);
  });

  it('agrees with tailwind-merge on every pair of variant classes used in src/client', () => {
    expect(withVariants.length).toBeGreaterThan(50);
    expect(disagreements(withVariants, withVariants).slice(0, 20)).toEqual([]);
  });
});
