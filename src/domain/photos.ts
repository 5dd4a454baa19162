// Every uploaded photo is stored as WebP variants that share one stem:
//   /uploads/photos/<id>-640.webp   (cards, thumbnails)
//   /uploads/photos/<id>-960.webp   (a photo across a phone's screen: 412 px at 1.75x wants 721)
//   /uploads/photos/<id>-1600.webp  (the listing page, the gallery)
// The API carries the large URL; the web derives the others from it for srcset.

export const PHOTO_WIDTHS = { card: 640, medium: 960, large: 1600 } as const;
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
