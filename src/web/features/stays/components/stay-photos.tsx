import type { StayPhoto } from '@/domain/contracts/stay-photo';

/**
 * A stay's private photos (an update's, a reported problem's) as a grid of cards, each opening its
 * large size; `alt` names each for whoever cannot see it.
 */
export function StayPhotos({ photos, alt }: { photos: readonly StayPhoto[]; alt: (index: number) => string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <a href={photo.large_url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-xl bg-stone-100">
            <img src={photo.card_url} alt={alt(i)} width={photo.width} height={photo.height} loading="lazy" decoding="async" className="aspect-square w-full object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
