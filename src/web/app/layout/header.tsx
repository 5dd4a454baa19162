import { NavLink, useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { toast } from '@/web/lib/toast';
import { useSession, useSignIn, useSignOut } from '@/web/features/auth';
import { NotificationBell } from '@/web/features/notifications';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { Brand } from './brand';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV } from './nav-items';
import { SignedInMenu } from './signed-in-menu';
import { pressCode } from '@/web/lib/press-code';
import { LanguageSwitcher } from '@/web/i18n/language-switcher';

export function Header() {
  const { i18n, t } = useLingui();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white">
      <div className="container-page flex h-[4.5rem] items-center justify-between gap-4">
        <Brand />
        <nav aria-label={t`Main`} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      'relative inline-flex h-10 items-center rounded-full px-4 text-[0.9375rem] font-medium transition-colors',
                      isActive ? 'bg-primary-50 text-primary-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
                    )
                  }
                >
                  {i18n._(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3">
          <LanguageSwitcher className="hidden xl:flex" />
          <AccountControls />
        </div>
      </div>
    </header>
  );
}

/** Signed out: Sign In and the mobile menu. Signed in: the bell (issue 38) and the avatar menu of SPEC.md. */
function AccountControls() {
  const signIn = useSignIn();
  const { user, isLoading } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { t } = useLingui();

  // Hold the space while the session is asked for, so the header does not flash Sign In.
  if (isLoading) return <div className="size-10" aria-hidden="true" />;
  if (user) {
    return (
      <div className="flex items-center gap-1.5">
        <NotificationBell />
        <SignedInMenu
          email={user.email}
          operator={user.operator}
          onSignOut={() =>
            signOut.mutate(undefined, {
              onSuccess: () => {
                toast.success(t`Signed out successfully`);
                navigate('/');
              },
              onError: () => toast.error(t`Failed to sign out`),
            })
          }
        />
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Button onClick={signIn.open} size="sm" className="md:h-10 md:px-5" {...pressCode('signInDialog')}>
        {t`Sign In`}
      </Button>
      <MobileMenu className="md:hidden" />
    </div>
  );
}
