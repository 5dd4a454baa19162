import type { ListingPhoto } from '@/domain/contracts/listing';
import { LISTING_LIMITS } from '@/domain/listing-limits';
import { ApiError } from '@/web/lib/api';
import { savePhotoSet, uploadPhoto } from '../../api';
import type { PhotoItem } from '../photo-manager';

export type Progress = { label: string } | null;

type NewPhoto = Extract<PhotoItem, { kind: 'new' }>;

const sameSet = (wanted: { id: string; alt: string }[], stored: ListingPhoto[]) =>
  wanted.length === stored.length && wanted.every((p, i) => p.id === stored[i]!.id && p.alt === stored[i]!.alt);

/**
 * Saves the form's photos to a listing whose photos are `stored`: each new one is uploaded by a
 * request of its own (binary, and a slow line gets 30 seconds a request), then the whole set
 * (which stay, their order, their descriptions) by one request, all or nothing, when it differs
 * from what the uploads left. Answers the failures' messages; a failed upload leaves that photo
 * out of the set.
 */
export async function savePhotos(
  listingId: string,
  items: PhotoItem[],
  stored: ListingPhoto[],
  setProgress: (progress: Progress) => void,
): Promise<string[]> {
  const uploaded = new Map<string, string>();
  const setOf = () =>
    items.flatMap((p) => {
      const id = p.kind === 'saved' ? p.id : uploaded.get(p.key);
      return id ? [{ id, alt: p.alt.trim() }] : [];
    });
  const fresh = items.filter((p): p is NewPhoto => p.kind === 'new');
  let server = stored;
  try {
    // The removals go first when the new photos would not fit beside the old ones (10 at most).
    const kept = new Set(items.flatMap((p) => (p.kind === 'saved' ? [p.id] : [])));
    if (fresh.length > 0 && server.length + fresh.length > LISTING_LIMITS.photos.max && server.some((p) => !kept.has(p.id))) {
      setProgress({ label: 'Saving...' });
      server = (await savePhotoSet(listingId, setOf())).listing_photos;
    }
  } catch (error) {
    return [messageOf(error)];
  }
  const problems: string[] = [];
  for (const [n, item] of fresh.entries()) {
    setProgress({ label: `Uploading photo ${n + 1} of ${fresh.length}...` });
    try {
      const result = await uploadPhoto(listingId, item.file, item.alt);
      uploaded.set(item.key, result.added.id);
      server = result.listing_photos;
    } catch (error) {
      problems.push(error instanceof ApiError && error.status > 0 ? error.message : `${item.file.name} could not be uploaded.`);
    }
  }
  const wanted = setOf();
  if (!sameSet(wanted, server)) {
    setProgress({ label: 'Saving...' });
    try {
      await savePhotoSet(listingId, wanted);
    } catch (error) {
      problems.push(messageOf(error));
    }
  }
  return problems;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'A photo change was not saved.');
