/** Reads a tar archive (ustar with pax path records) into its members; for tests of the personal-data archive. */
export function readTar(archive: Buffer): Map<string, Buffer> {
  const members = new Map<string, Buffer>();
  let at = 0;
  let paxPath: string | undefined;
  while (at + 512 <= archive.length) {
    const h = archive.subarray(at, at + 512);
    if (h.every((b) => b === 0)) break;
    const text = (from: number, len: number) =>
      h
        .subarray(from, from + len)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1);
    let sum = 0;
    for (let i = 0; i < 512; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (h[i] ?? 0);
    if (sum !== Number.parseInt(text(148, 8).trim(), 8)) throw new Error(`bad checksum at ${at}`);
    const data = archive.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      const m = /\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      paxPath = m?.[1];
      continue;
    }
    members.set(paxPath ?? text(0, 100), Buffer.from(data));
    paxPath = undefined;
  }
  return members;
}
