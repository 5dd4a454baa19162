import type { ComponentProps } from 'react';
import { photoSrcSet, photoVariant } from '@/domain/photos';

/**
 * A stored photo shown on a card: the card-sized file, with every stored width in its srcset so
 * that the browser picks by `sizes` (the widths the card takes on this page), loaded lazily.
 */
export function CardPhoto({ url, ...img }: { url: string; sizes: string; alt: string } & Omit<ComponentProps<'img'>, 'src' | 'srcSet'>) {
  return <img src={photoVariant(url, 'card')} srcSet={photoSrcSet(url)} loading="lazy" {...img} />;
}
