import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A friendly "nothing here yet" with a way forward. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  headingLevel = 2,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** Its title's level in the page's outline: 3 inside a section that has its own heading. */
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as 'h2';
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-stone-300 bg-sand-50 px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-white text-primary-700 shadow-sm">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading className="mt-5 text-xl font-bold text-stone-900">{title}</Heading>
      {children && <div className="mt-2 max-w-md text-stone-600">{children}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
