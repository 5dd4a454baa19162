import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import type { LucideIcon } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { PageHero } from './section';

/** A section of a guide, its texts read in the page's language (`i18n._`). */
export type GuideSection = {
  id: string;
  title: MessageDescriptor;
  icon: LucideIcon;
  intro?: MessageDescriptor;
  /** Bullet points; a leading "Label: " is shown in bold (translations keep the colon and space). */
  points: MessageDescriptor[];
};

/** A guide for hosts: the hero with its actions, then the article. */
export function GuidePage({
  title,
  lead,
  actions,
  sections,
  footer,
}: {
  title: string;
  lead: string;
  actions: ReactNode;
  sections: GuideSection[];
  footer: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <title>{`${title} · PawStay`}</title>
      <PageHero eyebrow={t`For hosts`} title={title} lead={lead}>
        {actions}
      </PageHero>
      <GuideArticle sections={sections} footer={footer} />
    </>
  );
}

/** A long-form page: a sticky contents list beside numbered sections of practical advice. */
function GuideArticle({ sections, footer }: { sections: GuideSection[]; footer?: ReactNode }) {
  const { i18n, t } = useLingui();
  return (
    <div className="container-page grid gap-12 pt-4 pb-20 lg:grid-cols-[15rem_1fr] lg:gap-16">
      <nav aria-label={t`On this page`} className="lg:sticky lg:top-28 lg:self-start">
        <h2 className="mb-3 text-sm font-semibold tracking-wider text-stone-600 uppercase">{t`On this page`}</h2>
        <ol className="grid gap-1 sm:grid-cols-2 lg:grid-cols-1">
          {sections.map((s, i) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="flex gap-3 rounded-xl px-3 py-2 text-[0.9375rem] text-stone-700 transition-colors hover:bg-sand-100 hover:text-stone-900"
              >
                <span className="w-5 shrink-0 font-semibold text-primary-700 tabular-nums">{i + 1}.</span>
                {i18n._(s.title)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex max-w-3xl min-w-0 flex-col gap-8">
        {sections.map((s) => {
          const Icon = s.icon;
          return (
            <section
              key={s.id}
              aria-labelledby={s.id}
              className="scroll-mt-24 surface-card p-6 sm:p-8"
            >
              <div className="flex items-center gap-4">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary-100 text-primary-700">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h2 id={s.id} className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">
                  {i18n._(s.title)}
                </h2>
              </div>
              {s.intro && <p className="mt-4 text-lg leading-relaxed text-stone-700">{i18n._(s.intro)}</p>}
              <ul className="mt-5 flex flex-col gap-3">
                {s.points.map((descriptor, index) => {
                  const point = i18n._(descriptor);
                  const colon = point.indexOf(': ');
                  const hasLabel = colon > 0 && colon < 40;
                  return (
                    <li key={index} className="flex gap-3 leading-relaxed text-stone-700">
                      <span className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary-500" aria-hidden="true" />
                      <span>
                        {hasLabel ? (
                          <>
                            <strong className="font-semibold text-stone-900">{point.slice(0, colon)}:</strong>
                            {point.slice(colon + 1)}
                          </>
                        ) : (
                          point
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
        {footer}
      </div>
    </div>
  );
}
