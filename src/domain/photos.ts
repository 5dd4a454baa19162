// Every uploaded photo is stored as WebP variants that share one stem:
//   /uploads/photos/<id>-640.webp   (cards on a wide screen, thumbnails)
//   /uploads/photos/<id>-800.webp   (a card or a photo across a phone's screen at 1.75-2x: 380 px wants 665-760)
//   /uploads/photos/<id>-960.webp   (the same at 2.625x, a listing's cover beside its text)
//   /uploads/photos/<id>-1600.webp  (the listing page, the gallery)
// Browsers take the first width that covers the photo's pixels, so each step spares a phone the
// next one's bytes: the demo photos average 65 KB at 800 px against 85 KB at 960.
// The API carries the large URL; the web derives the others from it for srcset.

export const PHOTO_WIDTHS = { card: 640, phone: 800, medium: 960, large: 1600 } as const;
export type PhotoVariant = keyof typeof PHOTO_WIDTHS;

const VARIANT_SUFFIX = /-(\d+)\.webp$/;

export function photoUrl(stem: string, variant: PhotoVariant): string {
  return `${stem}-${PHOTO_WIDTHS[variant]}.webp`;
}

/** The URL of another variant of the photo at `url`; foreign URLs come back unchanged. */
export function photoVariant(url: string, variant: PhotoVariant): string {
  return VARIANT_SUFFIX.test(url) ? url.replace(VARIANT_SUFFIX, `-${PHOTO_WIDTHS[variant]}.webp`) : url;
}

/** `srcset` for a photo: every width when the URL follows the variant scheme. */
export function photoSrcSet(url: string): string | undefined {
  if (!VARIANT_SUFFIX.test(url)) return undefined;
  return (Object.keys(PHOTO_WIDTHS) as PhotoVariant[])
    .map((v) => `${photoVariant(url, v)} ${PHOTO_WIDTHS[v]}w`)
    .join(', ');
}

/**
 * `sizes` of a listing page's cover photo: the page's <img> and the server's preload of it
 * (http/page-meta.ts) must say the same, or the browser fetches the cover twice.
 */
export const LISTING_COVER_SIZES = '(min-width: 1280px) 640px, (min-width: 768px) 50vw, 100vw';
