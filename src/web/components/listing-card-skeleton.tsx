import { cn } from '@/web/lib/cn';

/** The card's shape while listings load. */
export function ListingCardSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('flex flex-col', className)}>
      <div className="aspect-[4/3] rounded-[1.25rem] bg-stone-200/70 motion-safe:animate-pulse" />
      <div className="flex flex-col gap-2 px-1 pt-3">
        <div className="flex justify-between gap-4">
          <div className="h-5 w-3/5 rounded-md bg-stone-200/70 motion-safe:animate-pulse" />
          <div className="h-5 w-12 rounded-md bg-stone-200/70 motion-safe:animate-pulse" />
        </div>
        <div className="h-4 w-2/5 rounded-md bg-stone-200/70 motion-safe:animate-pulse" />
        <div className="flex gap-1.5">
          <div className="h-5 w-14 rounded-full bg-stone-200/70 motion-safe:animate-pulse" />
          <div className="h-5 w-16 rounded-full bg-stone-200/70 motion-safe:animate-pulse" />
        </div>
        <div className="mt-1 h-5 w-24 rounded-md bg-stone-200/70 motion-safe:animate-pulse" />
      </div>
    </div>
  );
}
