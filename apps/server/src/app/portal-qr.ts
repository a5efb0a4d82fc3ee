import { createHash } from 'node:crypto';

const SIZE = 25;

/** The three position squares of a QR code, so the image reads as one at a glance. */
function finder(x: number, y: number): string {
  return `<rect x="${x}" y="${y}" width="7" height="7"/><rect x="${x + 1}" y="${y + 1}" width="5" height="5" fill="#fff"/><rect x="${x + 2}" y="${y + 2}" width="3" height="3"/>`;
}

const inFinder = (x: number, y: number) => (x < 8 && y < 8) || (x >= SIZE - 8 && y < 8) || (x < 8 && y >= SIZE - 8);

/**
 * A QR-like picture drawn from `text` (seed 001 §2.2: 'two QR-like images'), made on this machine as an SVG data
 * URL: no third-party host, no image file to ship. It is decorative: a deployment replaces blocks 31 and 32 with
 * its real codes through the admin API.
 */
export function qrLikeSvg(text: string): string {
  let bits = Buffer.alloc(0);
  for (let i = 0; bits.length * 8 < SIZE * SIZE; i += 1) {
    bits = Buffer.concat([bits, createHash('sha256').update(`${text}:${i}`).digest()]);
  }
  const cells: string[] = [];
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      const n = y * SIZE + x;
      const on = ((bits[n >> 3] ?? 0) >> (n & 7)) & 1;
      if (on && !inFinder(x, y)) cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${SIZE + 4} ${SIZE + 4}" width="116" height="116" shape-rendering="crispEdges"><rect x="-2" y="-2" width="${SIZE + 4}" height="${SIZE + 4}" fill="#fff"/><g fill="#1f2937">${finder(0, 0)}${finder(SIZE - 7, 0)}${finder(0, SIZE - 7)}${cells.join('')}</g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
