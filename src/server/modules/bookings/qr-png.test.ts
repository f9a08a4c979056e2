// The e-mail pass PNG: a valid 1-bit PNG of the right size whose pixels are the QR code's modules, and that a
// QR reader (jsQR, the gate's own fallback reader) reads back as the confirmation number.
import zlib from 'node:zlib';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { newConfirmationNumber } from './checkout';
import { passMatrix, qrPng } from './qr-png';

/** The PNG's size and a reader of its pixels (dark: true), its rows unfiltered (0: none, 2: Up). */
function readPng(png: Buffer) {
  const dim = png.readUInt32BE(16);
  const idatAt = png.indexOf('IDAT');
  const raw = zlib.inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
  const stride = Math.ceil(dim / 8) + 1;
  for (let y = 0; y < dim; y++) {
    const filter = raw[y * stride];
    expect([0, 2]).toContain(filter);
    if (filter === 2) for (let i = 1; i < stride; i++) raw[y * stride + i] = (raw[y * stride + i]! + (y ? raw[(y - 1) * stride + i]! : 0)) & 0xff;
  }
  const dark = (x: number, y: number) => ((raw[y * stride + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0;
  return { dim, dark };
}

/** What a QR reader makes of the PNG. */
function decode(png: Buffer): string | undefined {
  const { dim, dark } = readPng(png);
  const rgba = new Uint8ClampedArray(dim * dim * 4).fill(255);
  for (let y = 0; y < dim; y++) for (let x = 0; x < dim; x++) if (dark(x, y)) rgba.fill(0, (y * dim + x) * 4, (y * dim + x) * 4 + 3);
  return jsQR(rgba, dim, dim)?.data;
}

describe('qrPng', () => {
  it('writes the QR matrix as a 1-bit grayscale PNG, module for module', () => {
    const png = qrPng('PP-7K3M9Q2H', { scale: 4, margin: 1 });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const modules = passMatrix('PP-7K3M9Q2H');
    const dim = (modules.size + 2) * 4;
    expect(png.readUInt32BE(16)).toBe(dim);
    expect(png.readUInt32BE(20)).toBe(dim);
    expect([png[24], png[25]]).toEqual([1, 0]);
    // Read the pixels back and compare every module.
    const { dark } = readPng(png);
    for (let my = 0; my < modules.size; my++) {
      for (let mx = 0; mx < modules.size; mx++) expect(dark((mx + 1) * 4 + 2, (my + 1) * 4 + 2)).toBe(Boolean(modules.get(my, mx)));
    }
    expect(dark(1, 1)).toBe(false); // the margin is white
  });

  it('reads back as the confirmation number, at the e-mail’s and the offline pass’s sizes', () => {
    for (let i = 0; i < 40; i++) {
      const confirmation = newConfirmationNumber();
      expect(decode(qrPng(confirmation))).toBe(confirmation);
      expect(decode(qrPng(confirmation, { scale: 8 }))).toBe(confirmation);
    }
  });

  it('reads back a text outside the alphanumeric alphabet (one byte segment)', () => {
    expect(decode(qrPng('pp-7k3m9q2h'))).toBe('pp-7k3m9q2h');
  });
});
