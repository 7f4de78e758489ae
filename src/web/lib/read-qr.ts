import jsQRModule from 'jsqr';

// jsqr is CommonJS: its function is module.exports, and also its `default`.
const jsQR = jsQRModule.default;

/**
 * The text of the QR code in a photo (an Emergency Kit held up to a phone's camera, or a picture of
 * it), read in this browser: the photo is never sent. Null when no QR code can be found in it.
 */
export async function readQrFromImage(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  // Large phone photos are scaled down: a kit's QR code fills a good part of the picture.
  const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  const found = jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'attemptBoth' });
  return found?.data ?? null;
}
