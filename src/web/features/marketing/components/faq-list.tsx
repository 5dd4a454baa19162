import { useLingui } from '@lingui/react/macro';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/web/components/ui/accordion';
import type { Faq } from '../content/faq';
import { cn } from '@/web/lib/cn';

export function FaqList({ items, headingLevel = 3, className }: { items: Faq[]; headingLevel?: 2 | 3 | 4; className?: string }) {
  const { i18n } = useLingui();
  return (
    <Accordion type="multiple" className={cn('surface-card px-6 sm:px-8', className)}>
      {items.map((faq) => (
        <AccordionItem key={faq.id} value={faq.id}>
          <AccordionTrigger headingLevel={headingLevel}>{i18n._(faq.question)}</AccordionTrigger>
          <AccordionContent>{i18n._(faq.answer)}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
