import { NavLink } from 'react-router';
import { useSignIn } from '@/web/features/auth/sign-in-context';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { Brand } from './brand';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV } from './nav-items';

export function Header() {
  const signIn = useSignIn();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/90 backdrop-blur-md supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-[4.5rem] items-center justify-between gap-4">
        <Brand />
        <nav aria-label="Main" className="hidden md:block">
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
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* Signed-out controls. The signed-in avatar menu (./user-menu.tsx) replaces the button once a session exists. */}
        <div className="flex items-center gap-2">
          <Button onClick={signIn.open} size="sm" className="md:h-10 md:px-5">
            Sign In
          </Button>
          <MobileMenu className="md:hidden" />
        </div>
      </div>
    </header>
  );
}
