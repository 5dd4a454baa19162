// Private documents people send (a host's ID, a pet's vaccination certificate): a photo or a scan,
// checked by content, never by name or declared type.

export const DOCUMENT_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];
export const DOCUMENT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What the first bytes of a file say it is, of the types a document may be; undefined for anything
 * else (a renamed executable, an HTML page, a WebP), whatever its name or declared type.
 */
export function sniffDocumentFile(bytes: Uint8Array): DocumentFileType | undefined {
  const starts = (...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return undefined;
}
