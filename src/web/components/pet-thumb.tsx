import type { ReactNode } from 'react';
import { photoVariant } from '@/domain/photos';
import { cn } from '@/web/lib/cn';

/**
 * A pet's photo as a small square beside its name, or, where it has none, `icon` on sand in the
 * same square. `className` gives both their size and corners.
 */
export function PetThumb({
  url,
  alt,
  px,
  icon,
  className,
  photoClassName,
  iconClassName,
}: {
  url: string | null;
  alt: string;
  /** The square's side in CSS pixels, for the photo's width and height. */
  px: number;
  icon: ReactNode;
  className: string;
  photoClassName?: string;
  iconClassName?: string;
}) {
  return url ? (
    <img src={photoVariant(url, 'card')} alt={alt} width={px} height={px} loading="lazy" className={cn('shrink-0 object-cover', className, photoClassName)} />
  ) : (
    <span className={cn('flex shrink-0 items-center justify-center bg-sand-100', className, iconClassName)} aria-hidden="true">
      {icon}
    </span>
  );
}
