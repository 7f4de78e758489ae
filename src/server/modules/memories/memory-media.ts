import { pipeline } from 'node:stream';
import sharp from 'sharp';
import { ERROR_CODES } from '../../../core/errors.ts';
import { MEDIA_ACCEPT, MEDIA_MAX_BYTES, PHOTO_MAX_BYTES, type FileMediaKind } from '../../../core/memories.schemas.ts';
import { formatBytes } from '../../../core/files.schemas.ts';
import { AppError } from '../../lib/app-error.ts';
import { describeContent, sniff } from '../../storage/sniff.ts';
import { openStoredFile, storeBuffer, type Accepted, type FileRow, type StorageDeps } from '../../storage/stored-files.ts';

const KIND_WORDS: Record<FileMediaKind, { plural: string; need: string }> = {
  photo: { plural: 'Photos', need: 'an image file (JPEG, PNG, WebP, GIF or HEIC)' },
  video: { plural: 'Videos', need: 'a video file' },
  audio: { plural: 'Audio recordings', need: 'an audio file' },
};

export const maxBytesFor = (kind: FileMediaKind) => (kind === 'photo' ? PHOTO_MAX_BYTES : MEDIA_MAX_BYTES);

export const mediaTooLarge = (kind: FileMediaKind, name: string) => () =>
  new AppError(ERROR_CODES.tooLarge, 413, `"${name}" is too large. ${KIND_WORDS[kind].plural} can be up to ${formatBytes(maxBytesFor(kind))}.`);

/** Photos accept images only, videos video only, audio audio only — judged by the file's content. */
export const inspectMedia = (kind: FileMediaKind, name: string) =>
  async (head: Buffer): Promise<Accepted> => {
    const found = await sniff(head);
    if (!found || !found.mime.startsWith(MEDIA_ACCEPT[kind].mimePrefix)) {
      throw new AppError(
        ERROR_CODES.unsupportedMedia,
        415,
        `${KIND_WORDS[kind].plural} must be ${KIND_WORDS[kind].need}. "${name}" is ${describeContent(found)}.`,
      );
    }
    return { mimeType: found.mime };
  };

/** Thumbnails are 800×600 WebP crops, upright (EXIF orientation applied, metadata dropped). */
export const THUMBNAIL = { width: 800, height: 600 } as const;
const UNDECODABLE_PHOTOS = new Set(['image/heic', 'image/heif']);

/**
 * A thumbnail for a stored photo, itself stored (pending) and encrypted like any file. Formats this
 * server cannot decode (HEIC) get none; anything else that will not decode is not really an image.
 */
export async function makeThumbnail(deps: StorageDeps, photo: FileRow): Promise<FileRow | null> {
  let bytes: Buffer;
  try {
    const transformer = sharp({ failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: THUMBNAIL.width, height: THUMBNAIL.height, fit: 'cover', position: 'attention' })
      .webp({ quality: 78 });
    pipeline(await openStoredFile(deps, photo), transformer, () => undefined);
    bytes = await transformer.toBuffer();
  } catch {
    if (UNDECODABLE_PHOTOS.has(photo.mimeType)) return null;
    throw new AppError(ERROR_CODES.unsupportedMedia, 415, `"${photo.originalName}" could not be read as an image. Is the file damaged?`);
  }
  const base = photo.originalName.replace(/\.[^.]*$/, '');
  return storeBuffer(deps, {
    estateId: photo.estateId,
    uploadedBy: photo.uploadedBy,
    originalName: `${base}-thumbnail.webp`,
    mimeType: 'image/webp',
    bytes,
  });
}
