// Where a browser fetches a stored photo. The database keeps each photo as the app's own path,
// /uploads/photos/<uuid>-<width>.webp, whatever the store; with PUBLIC_ASSET_URL set (a CDN, or
// the bucket's public address) the answers carry <PUBLIC_ASSET_URL>/photos/<uuid>-<width>.webp
// instead. Changing the CDN then changes no row.

const PHOTO_NAME = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\\d{2,5}\\.webp';
const STORED_PHOTO = new RegExp(`^/uploads/(photos/${PHOTO_NAME})$`);

/** The URL of the photo stored as `stored` (any other string comes back unchanged). */
export function publicPhotoUrl(stored: string, assetBase: string | null): string {
  if (!assetBase) return stored;
  const m = STORED_PHOTO.exec(stored);
  return m ? `${assetBase}/${m[1]}` : stored;
}

/**
 * An answer's JSON text with each string that is a stored photo's whole path replaced by its
 * public URL: one rule for every endpoint (listings, search results built as JSON in SQL, cards,
 * bookings, pets, the operators' queue), so that no answer can forget it. A quote that opens a
 * JSON string is never preceded by a backslash, and the path must be followed by the closing
 * quote, so a path quoted inside some longer text is left alone.
 */
export function publicPhotoUrls(assetBase: string): (json: string) => string {
  const inJson = new RegExp(`(?<!\\\\)"/uploads/(photos/${PHOTO_NAME})"`, 'g');
  const base = JSON.stringify(assetBase).slice(1, -1);
  return (json) => json.replace(inJson, (_, name: string) => `"${base}/${name}"`);
}
