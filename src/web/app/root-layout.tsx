import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { SignInProvider } from '@/web/features/auth';
import { Footer } from './layout/footer';
import { Header } from './layout/header';

/** A route with `handle: { fullHeight: true }` fills the screen on desktop (the search's list and map). */
function useFullHeight(): boolean {
  return useMatches().some((m) => (m.handle as { fullHeight?: boolean } | undefined)?.fullHeight);
}

export function RootLayout() {
  const fullHeight = useFullHeight();
  return (
    <SignInProvider>
      <div className="flex min-h-[var(--view-height)] flex-col">
        <a
          href="#main"
          className="sr-only z-[60] rounded-full bg-primary-600 px-5 py-3 font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <NavigationProgress />
        <Header />
        {/* At least a screen high, so the footer starts below the fold and does not jump down when
            the page's content replaces its loading skeleton (a layout shift Lighthouse counted). */}
        <main id="main" tabIndex={-1} className="flex min-h-[calc(var(--view-height)-4.5rem)] flex-1 flex-col focus:outline-none">
          <Outlet />
        </main>
        <Footer className={fullHeight ? 'lg:hidden' : undefined} />
      </div>
      <ScrollRestoration />
      <FocusMainOnNavigate />
    </SignInProvider>
  );
}

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-primary-100">
      <div className="h-full w-2/5 bg-primary-600 motion-safe:animate-progress" />
    </div>
  );
}

/**
 * After a client-side navigation, move focus to the new page (as a full page load would) so
 * keyboard and screen-reader users start at its content; the new <title> is announced with it.
 */
function FocusMainOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
