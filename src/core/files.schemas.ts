import { z } from 'zod';

/** GET /api/v1/files/:id — `?inline=1` asks to display (allowed for PDF and images only). */
export const ZFileQuery = z.object({ inline: z.enum(['0', '1']).optional() }).strict();
export type TFileQuery = z.infer<typeof ZFileQuery>;

/** Where the browser fetches a stored file the signed-in owner may read. */
export const fileUrl = (id: string, options: { inline?: boolean } = {}): string =>
  `/api/v1/files/${id}${options.inline ? '?inline=1' : ''}`;

/** A stored file as lists and details show it. */
export const ZFileInfo = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  url: z.string(),
});
export type TFileInfo = z.infer<typeof ZFileInfo>;

/** "2.4 MB", "820 KB", "512 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
