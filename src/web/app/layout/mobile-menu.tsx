import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '@/web/components/ui/button';
import { pressCode } from '@/web/lib/press-code';

// The sheet (Radix Dialog: focus trap, scroll lock) loads on first use, keeping it out of the
// first view's JavaScript. Focus goes back to this button when the sheet closes.
const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileMenuSheet })));

/** The signed-out menu on narrow screens: a button that opens a sheet with the navigation. */
export function MobileMenu({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();
  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className={className}
        aria-label={t`Open menu`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        {...pressCode('mobileMenu')}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </Button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
