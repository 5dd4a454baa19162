import type { ReactNode } from 'react';

/** The heading block of a signed-in page: title, a line under it, and actions on the right. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        {description && <p className="mt-2 text-stone-600">{description}</p>}
      </div>
      {actions}
    </div>
  );
}
