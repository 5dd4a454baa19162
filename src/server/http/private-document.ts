import type { FastifyReply } from 'fastify';
import type { DocumentFileType } from '../../domain/document-files';

// A private document (a host's ID, a pet's certificate) sent to the one person allowed to read it:
// never cached, and whatever the file holds, it may run nothing and reach nothing. And a stay's
// private photo, to its two sides or an operator.

const EXTENSIONS: Record<DocumentFileType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** Sends `file` as `name`.<its extension>. */
export function sendPrivateDocument(reply: FastifyReply, file: { bytes: Buffer; type: DocumentFileType }, name: string) {
  const pdf = file.type === 'application/pdf';
  return (
    reply
      .header('Content-Type', file.type)
      // An image opens in the reader's tab; a PDF is saved and opened by their own viewer, as the
      // browser's PDF viewer does not run in a sandboxed document.
      .header('Content-Disposition', `${pdf ? 'attachment' : 'inline'}; filename="${name}.${EXTENSIONS[file.type]}"`)
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .send(file.bytes as never)
  );
}

/**
 * Sends a stay's private photo (WebP, re-encoded on upload, so it holds nothing but pixels):
 * `kept` lets this browser keep it (a photo's file never changes), never a shared cache; without
 * it, as for an operator, it is kept nowhere.
 */
export function sendPrivatePhoto(reply: FastifyReply, bytes: Buffer, { kept }: { kept: boolean }) {
  return reply
    .header('Content-Type', 'image/webp')
    .header('Cache-Control', kept ? 'private, max-age=604800, immutable' : 'no-store')
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(bytes as never);
}
