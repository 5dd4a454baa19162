import { useRef, type Ref, type RefObject } from 'react';
import { NavLink } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '@/web/i18n/language-switcher';
import { useSignIn } from '@/web/features/auth';
import { Button } from '@/web/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet';
import { TAGLINE } from './brand';
import { FOOTER_HOSTS, MAIN_NAV } from './nav-items';

// A plain string: Radix's Slot (SheetClose asChild) cannot merge NavLink's function form.
const linkClass =
  'flex h-12 items-center justify-between rounded-xl px-3 text-base font-semibold text-stone-800 transition-colors hover:bg-stone-100 ' +
  'aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-800';

function MenuLink({ item, end, ref }: { item: { to: string; label: MessageDescriptor }; end?: boolean; ref?: Ref<HTMLAnchorElement> }) {
  const { i18n } = useLingui();
  return (
    <li>
      <SheetClose asChild>
        <NavLink ref={ref} to={item.to} end={end} className={linkClass}>
          {i18n._(item.label)}
          <ChevronRight className="size-4 text-stone-500" aria-hidden="true" />
        </NavLink>
      </SheetClose>
    </li>
  );
}

export function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the sheet (it is not a Radix trigger, so focus is returned by hand). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const signIn = useSignIn();
  const { i18n, t } = useLingui();
  const firstLink = useRef<HTMLAnchorElement>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        closeLabel={t`Close menu`}
        className="overflow-y-auto"
        returnFocusTo={returnFocusTo}
        // Start on the first link (Radix skips links by default); close goes back to the menu button.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          firstLink.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>{t`Menu`}</SheetTitle>
          <SheetDescription>{i18n._(TAGLINE)}</SheetDescription>
        </SheetHeader>
        <nav aria-label={t`Mobile`} className="px-3">
          <ul className="flex flex-col gap-0.5">
            {MAIN_NAV.map((item, i) => (
              <MenuLink key={item.to} item={item} ref={i === 0 ? firstLink : undefined} />
            ))}
          </ul>
          <p id="mobile-menu-hosts" className="mt-6 px-3 text-xs font-semibold tracking-wider text-stone-600 uppercase">
            {t`For Hosts`}
          </p>
          <ul aria-labelledby="mobile-menu-hosts" className="mt-1 flex flex-col gap-0.5">
            {FOOTER_HOSTS.map((item) => (
              <MenuLink key={item.to} item={item} end />
            ))}
          </ul>
        </nav>
        <div className="mt-auto border-t border-stone-200 p-6">
          <Button
            size="lg"
            className="w-full"
            onClick={() => {
              onOpenChange(false);
              signIn.open();
            }}
          >
            {t`Sign In`}
          </Button>
          <p className="mt-3 text-center text-sm text-stone-600">{t`No password needed: we e-mail you a code.`}</p>
          <LanguageSwitcher className="mt-4 justify-center" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
