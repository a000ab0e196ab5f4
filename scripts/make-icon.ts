/**
 * Draws the application icon (resources/icons/icon.png, 512×512): three nodes joined by
 * edges, the origin highlighted. Pure Node (zlib) so no image tooling is needed.
 *
 *   npx tsx scripts/make-icon.ts
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const size = 512;
const pixels = Buffer.alloc(size * size * 4);

function blend(x: number, y: number, [r, g, b]: readonly number[], alpha: number): void {
  if (x < 0 || y < 0 || x >= size || y >= size || alpha <= 0) return;
  const i = (y * size + x) * 4;
  const a = Math.min(1, alpha);
  pixels[i] = Math.round((pixels[i] ?? 0) * (1 - a) + (r ?? 0) * a);
  pixels[i + 1] = Math.round((pixels[i + 1] ?? 0) * (1 - a) + (g ?? 0) * a);
  pixels[i + 2] = Math.round((pixels[i + 2] ?? 0) * (1 - a) + (b ?? 0) * a);
  pixels[i + 3] = Math.max(pixels[i + 3] ?? 0, Math.round(a * 255));
}

function disc(cx: number, cy: number, radius: number, colour: readonly number[]): void {
  for (let y = Math.floor(cy - radius - 1); y <= cy + radius + 1; y++)
    for (let x = Math.floor(cx - radius - 1); x <= cx + radius + 1; x++) blend(x, y, colour, radius + 0.5 - Math.hypot(x - cx, y - cy));
}

function line(x0: number, y0: number, x1: number, y1: number, width: number, colour: readonly number[]): void {
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
  for (let s = 0; s <= steps; s++) disc(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps, width / 2, colour);
}

const ink = [44, 62, 80];
disc(256, 256, 240, [236, 240, 244]);
line(150, 150, 362, 190, 18, ink);
line(362, 190, 256, 370, 18, ink);
line(150, 150, 256, 370, 18, ink);
disc(362, 190, 58, [120, 144, 156]);
disc(256, 370, 58, [120, 144, 156]);
disc(150, 150, 70, [214, 69, 65]);
disc(150, 150, 30, [255, 255, 255]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const raw = Buffer.alloc(size * (size * 4 + 1));
for (let y = 0; y < size; y++) pixels.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(size, 0);
ihdr.writeUInt32BE(size, 4);
ihdr.set([8, 6, 0, 0, 0], 8);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = path.resolve(import.meta.dirname, '../resources/icons/icon.png');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, png);
process.stdout.write(`wrote ${out} (${png.length} bytes)\n`);
