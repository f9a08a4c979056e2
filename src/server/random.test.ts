import { describe, expect, it } from 'vitest';
import { randomBytesPooled, randomHex } from './random';

describe('pooled random bytes', () => {
  it('hand out every byte once, across refills of the pool', () => {
    const seen = new Set<string>();
    // 4,000 draws of 12 bytes: about a dozen refills of the 4 kB pool.
    for (let i = 0; i < 4000; i++) seen.add(randomHex(12));
    expect(seen.size).toBe(4000);
    expect([...seen].every((hex) => /^[0-9a-f]{24}$/.test(hex))).toBe(true);
  });

  it('give each caller a copy: changing one changes no later draw', () => {
    const a = randomBytesPooled(16);
    a.fill(0);
    const b = randomBytesPooled(16);
    expect(b.equals(Buffer.alloc(16))).toBe(false);
    expect(randomBytesPooled(1000)).toHaveLength(1000);
  });

  it('look uniform: each bit set about half the time', () => {
    const bytes = Buffer.concat(Array.from({ length: 2000 }, () => randomBytesPooled(25)));
    let ones = 0;
    for (const byte of bytes) for (let bit = 0; bit < 8; bit++) ones += (byte >> bit) & 1;
    const share = ones / (bytes.length * 8);
    expect(share).toBeGreaterThan(0.49);
    expect(share).toBeLessThan(0.51);
  });
});
