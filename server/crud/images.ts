import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { lazy } from '../util/lazy';
import { ApiError } from '../http/envelope';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../security/private-files';
import { holdPicture, picturesHeld } from '../ops/picture-hold';

/**
 * Uploaded pictures: recognised by their bytes (never by name or declared type), re-encoded so
 * nothing but pixels survives (metadata, scripts hidden in comments, polyglot files), bounded in
 * size, stored under generated names and served from `{apiBase}/uploads/...`.
 */
export interface IncomingFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface PreparedImage {
  field: string;
  ext: string;
  data: Buffer;
}

const ACCEPTED: Record<string, { ext: string; encode: (s: Sharp) => Sharp }> = {
  'image/jpeg': { ext: 'jpg', encode: (s) => s.jpeg({ quality: 85 }) },
  'image/png': { ext: 'png', encode: (s) => s.png() },
  'image/webp': { ext: 'webp', encode: (s) => s.webp({ quality: 85 }) },
  // Still pictures only: the first frame of a GIF is kept, as PNG.
  'image/gif': { ext: 'png', encode: (s) => s.png() },
};

const sharpLib = lazy(async () => (await import('sharp')).default);
const fileTypeLib = lazy(() => import('file-type'));

const notAPicture = (file: IncomingFile) =>
  new ApiError(422, `${file.field}: the file is not a JPEG, PNG, WebP or GIF image`, {
    [file.field]: 'must be a JPEG, PNG, WebP or GIF image',
  });

/**
 * Checks every picture of one request from its bytes and headers alone, before any is decoded:
 * each must be an accepted type, and their pixels (width x height of the frame kept) summed must
 * stay within `maxPixels` (a few KB can declare a 40-megapixel picture). Answers the total.
 */
export async function checkPictures(files: readonly IncomingFile[], maxPixels: number): Promise<number> {
  let total = 0;
  for (const file of files) {
    const type = await (await fileTypeLib()).fileTypeFromBuffer(file.data);
    if (!type || !ACCEPTED[type.mime]) throw notAPicture(file);
    // Headers only: no pixel is decoded here, so no input limit applies yet.
    const size = await (
      await sharpLib()
    )(file.data, { animated: false, limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw new ApiError(422, `${file.field}: the image could not be read`, { [file.field]: 'the image is damaged' });
      });
    total += size.width * size.height;
    if (total > maxPixels) {
      throw new ApiError(
        413,
        `The pictures of this request are too large: ${Math.round(total / 1e6)} megapixels, at most ${Math.round(maxPixels / 1e6)} megapixels in one request`,
        { [file.field]: `at most ${Math.round(maxPixels / 1e6)} megapixels in one request` },
      );
    }
  }
  return total;
}

/** Largest side kept; bigger pictures are scaled down (recommended sizes are all below this). */
const MAX_SIDE = 2400;

export class ImageStore {
  readonly root: string;
  constructor(private readonly dataDir: string) {
    this.root = path.join(dataDir, 'uploads');
  }

  async prepare(file: IncomingFile): Promise<PreparedImage> {
    const type = await (await fileTypeLib()).fileTypeFromBuffer(file.data);
    const accepted = type && ACCEPTED[type.mime];
    if (!accepted) throw notAPicture(file);
    try {
      const pipeline = (await sharpLib())(file.data, { limitInputPixels: 40_000_000, animated: false })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
      return { field: file.field, ext: accepted.ext, data: await accepted.encode(pipeline).toBuffer() };
    } catch {
      throw new ApiError(422, `${file.field}: the image could not be read`, { [file.field]: 'the image is damaged or too large' });
    }
  }

  /** Writes the picture and answers its stored relative path (`uploads/<folder>/<uuid>.<ext>`). */
  async save(folder: string, image: PreparedImage): Promise<string> {
    const dir = path.join(this.root, folder);
    ensurePrivateDir(dir);
    const name = `${randomUUID()}.${image.ext}`;
    await fs.writeFile(path.join(dir, name), image.data, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return `uploads/${folder}/${name}`;
  }

  /**
   * Removes a stored picture; paths outside the upload folder are ignored. While a backup runs, the
   * picture is moved aside for it instead (server/ops/picture-hold.ts).
   */
  async remove(relative: string): Promise<void> {
    if (!relative.startsWith('uploads/')) return;
    const abs = path.resolve(this.root, relative.slice('uploads/'.length));
    if (!abs.startsWith(this.root + path.sep)) return;
    if (picturesHeld(this.dataDir)) await holdPicture(this.dataDir, path.relative(this.root, abs), abs);
    else await fs.rm(abs, { force: true });
  }
}
