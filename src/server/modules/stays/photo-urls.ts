import type { StayPhoto } from '../../../domain/contracts/stay-photo';

// Where the browser asks for a stay's private photos (an update's or a reported problem's): the
// stay's own route, which answers only its guest and host (routes.ts).

const photoPath = (bookingId: string, photoId: string, size: 'card' | 'large') => `/api/stays/${bookingId}/photos/${photoId}?size=${size}`;

/** A photo of the stay `bookingId`, as its two sides' views show it. */
export function stayPhotoView(bookingId: string, p: { id: string; width: number; height: number }): StayPhoto {
  return { id: p.id, width: p.width, height: p.height, card_url: photoPath(bookingId, p.id, 'card'), large_url: photoPath(bookingId, p.id, 'large') };
}
