import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, type LucideIcon } from 'lucide-react';
import { type ButtonSize, type ButtonVariant, buttonVariants } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';

/** A page section with a heading; `tone` gives alternate sections a warm background. */
export function Section({
  tone = 'plain',
  className,
  children,
  ...props
}: ComponentProps<'section'> & { tone?: 'plain' | 'sand' | 'primary' }) {
  return (
    <section
      className={cn(
        'py-16 sm:py-24',
        tone === 'sand' && 'bg-sand-50',
        tone === 'primary' && 'bg-primary-50',
        className,
      )}
      {...props}
    >
      <div className="container-page">{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'left',
  className,
  action,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  align?: 'left' | 'center';
  className?: string;
  action?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'mb-10 flex flex-col gap-4 sm:mb-12',
        align === 'center' ? 'items-center text-center' : 'sm:flex-row sm:items-end sm:justify-between',
        className,
      )}
    >
      <div className={cn('flex max-w-2xl flex-col gap-3', align === 'center' && 'items-center')}>
        {eyebrow && <p className="text-sm font-semibold tracking-wider text-primary-700 uppercase">{eyebrow}</p>}
        <h2 id={id} className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          {title}
        </h2>
        {children && <div className="text-lg leading-relaxed text-stone-600">{children}</div>}
      </div>
      {action}
    </div>
  );
}

/** The top of an inner page: eyebrow, the page's one h1, a lead paragraph and actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  aside,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-sand-100 to-white">
      <PawPattern />
      <div className={cn('container-page relative grid items-center gap-10 py-16 sm:py-20', aside ? 'lg:grid-cols-[1.15fr_1fr]' : undefined)}>
        <div className="flex max-w-2xl flex-col gap-5">
          {eyebrow && <p className="text-sm font-semibold tracking-wider text-primary-700 uppercase">{eyebrow}</p>}
          <h1 className="text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl">{title}</h1>
          {lead && <p className="text-lg leading-relaxed text-stone-700 sm:text-xl">{lead}</p>}
          {children && <div className="mt-2 flex flex-wrap gap-3">{children}</div>}
        </div>
        {aside && <div className="mx-auto w-full max-w-md lg:max-w-none">{aside}</div>}
      </div>
    </section>
  );
}

/** Faint paw prints in the corner of a hero. */
export function PawPattern({ className }: { className?: string }) {
  const paw = (x: number, y: number, r: number) => (
    <g transform={`translate(${x} ${y}) rotate(${r})`} key={`${x}-${y}`}>
      <ellipse cx="0" cy="8" rx="9" ry="7.5" />
      <ellipse cx="-11" cy="-3" rx="3.6" ry="4.6" />
      <ellipse cx="-4" cy="-9" rx="3.6" ry="4.6" />
      <ellipse cx="4" cy="-9" rx="3.6" ry="4.6" />
      <ellipse cx="11" cy="-3" rx="3.6" ry="4.6" />
    </g>
  );
  return (
    <svg
      viewBox="0 0 300 200"
      className={cn('pointer-events-none absolute -top-4 right-0 hidden w-[420px] fill-primary-200/60 sm:block', className)}
      aria-hidden="true"
      focusable="false"
    >
      {[paw(40, 170, -30), paw(90, 120, -20), paw(150, 140, -10), paw(200, 80, 0), paw(260, 100, 10), paw(280, 30, 20)]}
    </svg>
  );
}

/** A call to action: a link with a button's look; `arrow` leads on. A `#fragment` stays a plain anchor on this page. */
export function CtaLink({
  to,
  variant,
  size,
  arrow = false,
  className,
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  arrow?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const look = buttonVariants({ variant, size, className });
  const content = (
    <>
      {children}
      {arrow && <ArrowRight aria-hidden="true" />}
    </>
  );
  return to.startsWith('#') ? (
    <a href={to} className={look}>
      {content}
    </a>
  ) : (
    <Link to={to} className={look}>
      {content}
    </Link>
  );
}

export type IconFeature = { title: string; text: string; icon: LucideIcon };

/** Short points, each with an icon: as cards in a grid, or centred in a row. */
export function IconFeatures({ items, layout, className }: { items: IconFeature[]; layout: 'cards' | 'centered'; className?: string }) {
  const cards = layout === 'cards';
  return (
    <ul className={className}>
      {items.map(({ title, text, icon: Icon }) => (
        <li
          key={title}
          className={
            cards
              ? 'flex flex-col gap-3 surface-card p-6'
              : 'flex flex-col items-center gap-4 text-center'
          }
        >
          <span className={cn('flex items-center justify-center rounded-2xl bg-primary-100 text-primary-700', cards ? 'size-12' : 'size-14')}>
            <Icon className={cards ? 'size-6' : 'size-7'} aria-hidden="true" />
          </span>
          <h3 className="text-lg font-semibold text-stone-900">{title}</h3>
          <p className={cn('leading-relaxed text-stone-600', cards ? 'text-[0.9375rem]' : 'max-w-xs')}>{text}</p>
        </li>
      ))}
    </ul>
  );
}
