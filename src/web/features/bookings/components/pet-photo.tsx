import { PawPrint } from 'lucide-react';
import { photoVariant } from '@/domain/photos';
import { cn } from '@/web/lib/cn';

/**
 * A pet's photo in a booking (the guest's choice, the host's request), or a paw when it has none.
 * `className` sets the size and shape of both. (A paw for cats and dogs alike: the guest's picker
 * is in the listing page's first view, where every icon counts against the JavaScript budget.)
 */
export function PetPhoto({ url, alt, className }: { url: string | null; alt: string; className: string }) {
  return url ? (
    <img src={photoVariant(url, 'card')} alt={alt} loading="lazy" className={cn('shrink-0 object-cover', className)} />
  ) : (
    <span className={cn('flex shrink-0 items-center justify-center bg-sand-100 text-stone-600', className)} aria-hidden="true">
      <PawPrint className="size-[45%]" />
    </span>
  );
}
