// The e-mail pass PNG: a valid 1-bit PNG of the right size whose pixels are the QR code's modules.
import zlib from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPng } from './qr-png';

describe('qrPng', () => {
  it('writes the QR matrix as a 1-bit grayscale PNG, module for module', () => {
    const png = qrPng('PP-7K3M9Q2H', { scale: 4, margin: 1 });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const { modules } = QRCode.create('PP-7K3M9Q2H', { errorCorrectionLevel: 'M' });
    const dim = (modules.size + 2) * 4;
    expect(png.readUInt32BE(16)).toBe(dim);
    expect(png.readUInt32BE(20)).toBe(dim);
    expect([png[24], png[25]]).toEqual([1, 0]);
    // Read the pixels back and compare every module.
    const idatAt = png.indexOf('IDAT');
    const raw = zlib.inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
    const rowBytes = Math.ceil(dim / 8) + 1;
    const dark = (x: number, y: number) => ((raw[y * rowBytes + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0;
    for (let my = 0; my < modules.size; my++) {
      for (let mx = 0; mx < modules.size; mx++) expect(dark((mx + 1) * 4 + 2, (my + 1) * 4 + 2)).toBe(Boolean(modules.get(my, mx)));
    }
    expect(dark(1, 1)).toBe(false); // the margin is white
  });
});
