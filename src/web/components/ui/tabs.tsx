import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/web/lib/cn';

// The WAI-ARIA tabs pattern, written here rather than taken from Radix (whose tabs bring roving
// focus, a collection and presence: about 9 KB gzip on three first views). A tablist of tabs with
// one in the Tab order; the arrow keys, Home and End move to a tab and show it (automatic
// activation); the panel of the selected tab only is rendered, labelled by its tab.

type TabsState = { value: string; select: (value: string) => void; id: string };
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const idFor = (base: string, part: 'tab' | 'panel', value: string) => `${base}-${part}-${encodeURIComponent(value)}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> &
  ({ value: string; onValueChange: (value: string) => void; defaultValue?: never } | { defaultValue: string; value?: never; onValueChange?: (value: string) => void });

export function Tabs({ value, defaultValue, onValueChange, children, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const id = useId();
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, id }}>
      <div {...props}>{children}</div>
    </TabsContext.Provider>
  );
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const onKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = KEY_STEPS[event.key];
    // With a modifier the keys are the browser's (Alt+Left is Back), as in Radix.
    if (!step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = tabs[step(index, tabs.length)]!;
    next.focus();
    next.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('inline-flex items-center gap-1 rounded-full bg-stone-100 p-1', className)}
      onKeyDown={onKeys}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, onClick, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idFor(tabs.id, 'tab', value)}
      aria-selected={selected}
      aria-controls={idFor(tabs.id, 'panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      className={cn(
        'inline-flex h-9 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold text-stone-600 transition-colors',
        'hover:text-stone-900 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={idFor(tabs.id, 'panel', value)}
      aria-labelledby={idFor(tabs.id, 'tab', value)}
      data-state="active"
      tabIndex={0}
      className={cn('mt-6 focus-visible:outline-offset-4', className)}
      {...props}
    />
  );
}
