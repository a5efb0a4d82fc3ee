import { open } from 'node:fs/promises';

/** A bound on the boxes walked: real files have a handful at the top level. */
const MAX_BOXES = 4096;
/** A box type is four printable Latin-1 characters ('©' included, as QuickTime writes). */
const BOX_TYPE = /^[\u0020-\u007e\u00a9]{4}$/;

/**
 * Why a file that starts like ISO media (MP4, MOV: an `ftyp` box, UPL3) is not a real one, or undefined (UPL16).
 * Its top-level boxes must chain from the first byte exactly to the last, each with a valid size and type, and one
 * of them must be the movie box (`moov`) that every player needs before it can show a frame. Only box headers are
 * read (16 bytes a box), so a large video costs a few reads, never its whole length.
 */
export async function isoMediaProblem(path: string, size: number): Promise<string | undefined> {
  const file = await open(path, 'r');
  try {
    const header = Buffer.alloc(16);
    let offset = 0;
    let movie = false;
    for (let boxes = 0; offset < size; boxes++) {
      if (boxes >= MAX_BOXES) return 'too many top-level boxes';
      if (size - offset < 8) return 'a box header is cut short';
      const { bytesRead } = await file.read(header, 0, 16, offset);
      const type = header.toString('latin1', 4, 8);
      if (!BOX_TYPE.test(type)) return 'a top-level box has no valid type';
      let length = header.readUInt32BE(0);
      if (length === 1) {
        // A 64-bit size follows the type.
        if (bytesRead < 16) return 'a box header is cut short';
        const large = header.readBigUInt64BE(8);
        if (large < 16n || large > BigInt(size - offset)) return 'a box runs past the end of the file';
        length = Number(large);
      } else if (length === 0) {
        length = size - offset; // the last box, to the end of the file
      } else if (length < 8) {
        return 'a box is smaller than its header';
      }
      if (length > size - offset) return 'a box runs past the end of the file';
      if (type === 'moov') movie = true;
      offset += length;
    }
    return movie ? undefined : 'no movie box (moov)';
  } finally {
    await file.close();
  }
}
