import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_LARGE_MAX, IMAGE_THUMB_MAX } from '@parley/protocol';
import type { ImageProcessor, ImageVariant } from '../domain/uploads/ports.ts';

type Format = 'jpeg' | 'png' | 'gif' | 'webp';

// One image at a time per process is plenty for a chat server and bounds libvips' memory.
sharp.concurrency(1);

async function encode(pipeline: Sharp, format: Format): Promise<ImageVariant> {
  // sharp drops EXIF, GPS, XMP and ICC metadata unless asked to keep it (UPL8): nothing here asks.
  const out = pipeline.toFormat(format, format === 'jpeg' ? { quality: 90, mozjpeg: true } : {});
  const { data, info } = await out.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}

const tooManyPixels = (err: unknown): boolean => err instanceof Error && /pixel limit/i.test(err.message);

/** The image processor on sharp/libvips (UPL8, UPL9). */
export function sharpImages(maxPixels: number): ImageProcessor {
  return {
    async derive(path, format, errors) {
      const animated = format === 'gif' || format === 'webp';
      const open = () =>
        sharp(path, { limitInputPixels: maxPixels, animated, failOn: 'error', pages: animated ? -1 : 1 });
      let meta: Metadata;
      try {
        meta = await open().metadata();
      } catch (err) {
        throw tooManyPixels(err) ? errors.tooManyPixels() : errors.notAnImage();
      }
      // The decoder must agree with the sniffed signature: an SVG or other format never reaches a decoder as "image".
      if (meta.format !== format || !meta.width || !meta.height) throw errors.notAnImage();
      const frameHeight = meta.pageHeight ?? meta.height;
      if (meta.width * meta.height > maxPixels || meta.width * frameHeight > maxPixels) throw errors.tooManyPixels();
      const fit = (max: number) => ({ width: max, height: max, fit: 'inside' as const, withoutEnlargement: true });
      try {
        const original = await encode(open().autoOrient(), format);
        const large = await encode(open().autoOrient().resize(fit(IMAGE_LARGE_MAX)), format);
        const thumb = await encode(open().autoOrient().resize(fit(IMAGE_THUMB_MAX)), format);
        return { original, large, thumb };
      } catch (err) {
        if (tooManyPixels(err)) throw errors.tooManyPixels();
        throw errors.notAnImage();
      }
    },
  };
}
