import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { ATTACHMENT_LIMITS } from '@jalon/contract';

// Previews are small and made on demand: libvips' operation cache would only hold memory between them.
sharp.cache(false);

/**
 * A WebP of at most `previewSide` pixels a side, made from a raster image. The decoder refuses an image
 * of more than `previewMaxInputPixels` from its header, before decoding anything (a small PNG can declare
 * 100,000 × 100,000 pixels: a decompression bomb), and the work stops after `previewTimeoutSeconds`.
 * Only the first frame of an animation is read. Rejects when the image cannot be read within those bounds.
 */
export async function makePreview(source: Readable): Promise<Buffer> {
  const resize = sharp({
    limitInputPixels: ATTACHMENT_LIMITS.previewMaxInputPixels,
    failOn: 'error',
    animated: false,
  })
    .rotate()
    .resize(ATTACHMENT_LIMITS.previewSide, ATTACHMENT_LIMITS.previewSide, {
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 80 })
    .timeout({ seconds: ATTACHMENT_LIMITS.previewTimeoutSeconds });
  source.on('error', (error) => resize.destroy(error));
  source.pipe(resize);
  return resize.toBuffer();
}
