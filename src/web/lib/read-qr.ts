import jsQRModule from 'jsqr';

// jsqr is CommonJS: its function is module.exports, and also its `default`.
const jsQR = jsQRModule.default;

/** The text of a QR code drawn on `source` (a photo, a camera frame), scaled to at most 1600 pixels; null when none is found. */
function readQrFrom(source: CanvasImageSource, sourceWidth: number, sourceHeight: number, canvas = document.createElement('canvas')): string | null {
  // Large phone photos are scaled down: a kit's QR code fills a good part of the picture.
  const scale = Math.min(1, 1600 / Math.max(sourceWidth, sourceHeight));
  canvas.width = Math.round(sourceWidth * scale);
  canvas.height = Math.round(sourceHeight * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context || !canvas.width || !canvas.height) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const found = jsQR(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, { inversionAttempts: 'attemptBoth' });
  return found?.data ?? null;
}

/**
 * The text of the QR code in a photo (an Emergency Kit held up to a phone's camera, or a picture of
 * it), read in this browser: the photo is never sent. Null when no QR code can be found in it.
 */
export async function readQrFromImage(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  return readQrFrom(bitmap, bitmap.width, bitmap.height);
}

/** The QR code in the video's current frame (a live camera), read in this browser; null when none is in view. */
export function readQrFromVideo(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  return readQrFrom(video, video.videoWidth, video.videoHeight, canvas);
}
