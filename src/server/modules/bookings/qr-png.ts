// The parking pass as a PNG for e-mail (pages draw it as SVG): the QR matrix from `qrcode`, written straight
// into a 1-bit grayscale PNG. About 50 times cheaper than qrcode's own PNG renderer, which draws RGBA pixels.
import zlib from 'node:zlib';
import QRCode, { type QRCodeSegment } from 'qrcode';

/** QR's alphanumeric alphabet: a confirmation number ('PP-7K3M9Q2H') is written in it. */
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

/**
 * The pass's QR matrix. Given a text alone, qrcode searches a graph of every mix of encoding modes and scores
 * all eight mask patterns, three quarters of this file's cost; both are fixed here. A confirmation number is one
 * alphanumeric segment (the mode qrcode's search picks for it too), any other text one byte segment. Every mask
 * is valid QR (ISO 18004 §7.8): the scoring only steers away from patterns that might confuse a reader, and
 * with jsQR, mask 3 read as many passes as the scored choice or more, rotated and sampled at under 2 pixels a
 * module (qr-png.test.ts reads every pass back).
 */
export function passMatrix(text: string) {
  const segment: QRCodeSegment = ALPHANUMERIC.test(text) ? { mode: 'alphanumeric', data: text } : { mode: 'byte', data: Buffer.from(text) };
  return QRCode.create([segment], { errorCorrectionLevel: 'M', maskPattern: 3 }).modules;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The pixel rows, drawn here for every pass and deflated at once (qrPng is synchronous): one buffer, kept, rather
 * than 18 kB of new memory outside the JavaScript heap per e-mail, which V8 counts towards collecting the whole
 * heap (see outputChunk in compression.ts). Deflate writes into 1 kB of Node's shared buffer pool for the same
 * reason, instead of 16 kB of its own: the pass deflates to about 500 bytes.
 */
let scratch = Buffer.alloc(0);
const DEFLATE_CHUNK = 1024;

/** A QR code of `text` as PNG: dark modules black, `margin` modules of white around, `scale` pixels a module. */
export function qrPng(text: string, { scale = 12, margin = 1 }: { scale?: number; margin?: number } = {}): Buffer {
  const modules = passMatrix(text);
  const n = modules.size;
  const dim = (n + 2 * margin) * scale;
  const rowBytes = Math.ceil(dim / 8);
  const stride = rowBytes + 1; // each row starts with its filter byte
  // Each row of modules is drawn once, in its first pixel row (filter 0, none); the module's other pixel rows
  // are "the same as the row above" (filter 2, Up, over bytes of 0): no copies, and less for deflate to match.
  if (scratch.length < stride * dim) scratch = Buffer.alloc(stride * dim);
  const raw = scratch.subarray(0, stride * dim).fill(0);
  for (let y = 0; y < dim; y++) {
    const at = y * stride;
    if (y % scale) {
      raw[at] = 2;
      continue;
    }
    raw.fill(0xff, at + 1, at + stride); // white
    const my = y / scale - margin;
    if (my < 0 || my >= n) continue;
    for (let mx = 0; mx < n; mx++) {
      if (!modules.get(my, mx)) continue;
      const left = (mx + margin) * scale;
      for (let x = left; x < left + scale; x++) raw[at + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7)); // dark: bit 0 (black)
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(dim, 0);
  ihdr.writeUInt32BE(dim, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  // Deflate's fastest level: half the default's time, for a file of about 500 bytes.
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 1, chunkSize: DEFLATE_CHUNK })), chunk('IEND', Buffer.alloc(0))]);
}
