import type { ComponentProps } from 'react';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/web/lib/cn';

export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn('border-b border-stone-200 last:border-b-0', className)} {...props} />;
}

export function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Trigger> & { headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="flex">
        <AccordionPrimitive.Trigger
          className={cn(
            'group flex flex-1 items-center justify-between gap-4 rounded-lg py-5 text-left text-base font-semibold text-stone-900',
            'transition-colors hover:text-primary-700 focus-visible:outline-offset-4',
            className,
          )}
          {...props}
        >
          {children}
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-700 transition-[transform,background-color] duration-200 group-hover:bg-primary-100 group-hover:text-primary-700 group-data-[state=open]:rotate-180">
            <ChevronDown className="size-4" aria-hidden="true" />
          </span>
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down"
      {...props}
    >
      <div className={cn('pr-12 pb-5 text-[0.9375rem] leading-relaxed text-stone-700', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
