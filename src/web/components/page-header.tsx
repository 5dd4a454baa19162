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

/** A signed-in page's frame: its document title, its heading block, then the page itself. */
export function SignedInPage({
  title,
  description,
  actions,
  noindex = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Kept out of search engines (staff pages). */
  noindex?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="container-page py-10 sm:py-14">
      <title>{`${title} · PawStay`}</title>
      {noindex && <meta name="robots" content="noindex" />}
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}
