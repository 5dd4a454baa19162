import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Loader2, LogIn, MailCheck, MailX, RefreshCw, UserRound } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LINK_TOKEN } from '@/domain/sign-in-link';
import { verbatim } from '@/web/i18n/verbatim';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useLinkSignIn, useSession, useSignInLink } from './api';
import { useSignIn } from './sign-in-context';

/**
 * Where the link in a sign-in e-mail leads (issue 34; server/auth/links.ts). The token is the
 * URL's fragment, which the browser never sends to the server. The page asks which address the
 * link is for and shows it; only a press on "Sign in" uses the link. So a scanner that opens the
 * mail's links signs nobody in, and someone who sends their own link to another person shows
 * them their address before anything happens.
 */
export function SignInLinkPage() {
  const { hash } = useLocation();
  // Read once, then taken out of the address bar and the history: a shared screen, a screenshot
  // or the Back button of a borrowed phone shows no working link.
  const [token] = useState(() => hash.slice(1));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  const wellFormed = LINK_TOKEN.test(token);
  const preview = useSignInLink(token, wellFormed);
  const signIn = useLinkSignIn();
  const { user } = useSession();
  const openSignIn = useSignIn().open;
  const navigate = useNavigate();
  const { t } = useLingui();

  const confirm = () => {
    if (signIn.isPending) return;
    signIn.mutate(token, {
      onSuccess: () => {
        toast.success(t`Signed in successfully`);
        // Replaced, so that Back does not return to a link that has been used.
        void navigate('/', { replace: true });
      },
      onError: (err) => {
        if (!(err instanceof ApiError && err.status === 400)) toast.error(t`Failed to sign in`, { description: t`Please check your connection and try again.` });
      },
    });
  };

  const goHome = (
    <Link to="/" replace className={buttonVariants({ size: 'lg' })}>
      <Trans>Go to PawStay</Trans>
    </Link>
  );
  // A link that cannot sign in: signed out, the way in is a code; signed in, the way on is home.
  const otherWay = user ? (
    goHome
  ) : (
    <Button size="lg" onClick={openSignIn}>
      <LogIn aria-hidden="true" />
      <Trans>Sign in with a code</Trans>
    </Button>
  );
  const signedInNote = user && (
    <p>
      <Trans>
        This browser is signed in as <Address email={user.email} />.
      </Trans>
    </p>
  );

  if (!wellFormed) {
    return (
      <LinkCard icon={<MailX />} title={<Trans>Open the link from your e-mail</Trans>} action={otherWay}>
        <p>
          {user ? (
            <Trans>This page signs you in with the link in a PawStay sign-in e-mail, and the link that led here is incomplete. Open it again from the e-mail.</Trans>
          ) : (
            <Trans>
              This page signs you in with the link in a PawStay sign-in e-mail, and the link that led here is incomplete. Open it again from the e-mail, or sign in with a
              code.
            </Trans>
          )}
        </p>
        {signedInNote}
      </LinkCard>
    );
  }

  const used = signIn.error instanceof ApiError && signIn.error.status === 400;
  if (used || (preview.error instanceof ApiError && preview.error.status === 400)) {
    return (
      <LinkCard icon={<MailX />} title={<Trans>This sign-in link no longer works</Trans>} action={otherWay}>
        <p>
          <Trans>It has been used, it has expired (a link works for an hour), or a newer sign-in replaced it.</Trans>
          {!user && (
            <>
              {' '}
              <Trans>Ask for a new code to sign in: the e-mail with it brings a new link too.</Trans>
            </>
          )}
        </p>
        {signedInNote}
      </LinkCard>
    );
  }

  if (preview.isError) {
    return (
      <LinkCard
        icon={<MailX />}
        title={<Trans>We could not check this link</Trans>}
        action={
          <Button size="lg" onClick={() => void preview.refetch()}>
            <RefreshCw aria-hidden="true" />
            <Trans id="Try again">Try again</Trans>
          </Button>
        }
      >
        <Trans>Please check your connection and try again.</Trans>
      </LinkCard>
    );
  }

  if (!preview.data) {
    return (
      <LinkCard icon={<Loader2 className="motion-safe:animate-spin" />} title={<Trans>Checking your sign-in link…</Trans>} busy>
        <Trans>This takes a moment.</Trans>
      </LinkCard>
    );
  }

  const { email } = preview.data;
  if (user?.email === email) {
    return (
      <LinkCard icon={<MailCheck />} title={<Trans>You are already signed in</Trans>} action={goHome}>
        {signedInNote}
      </LinkCard>
    );
  }

  return (
    <LinkCard
      icon={<MailCheck />}
      title={<SignInAs email={email} />}
      action={
        <>
          <Button size="lg" onClick={confirm} disabled={signIn.isPending} className="sm:order-2">
            {signIn.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogIn aria-hidden="true" />}
            <Trans>Sign in</Trans>
          </Button>
          <Link to="/" replace className={buttonVariants({ size: 'lg', variant: 'outline', className: 'sm:order-1' })}>
            <Trans>Cancel</Trans>
          </Link>
        </>
      }
    >
      <p>
        <Trans>This link from a PawStay sign-in e-mail signs this browser in to the account of that address.</Trans>
      </p>
      <p className="font-medium text-stone-800">
        <Trans>Continue only if it is your e-mail address. If someone sent you this link, close this page: it would sign you in to their account.</Trans>
      </p>
      {user && (
        <p className="flex gap-2 rounded-xl bg-stone-100 p-3 text-sm text-stone-700">
          <UserRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <Trans>
              You are signed in as <Address email={user.email} />: signing in here signs you out of that account.
            </Trans>
          </span>
        </p>
      )}
    </LinkCard>
  );
}

/** An address, which a narrow screen may break anywhere (it has no spaces); never translated. */
function Address({ email }: { email: string }) {
  return (
    <strong translate="no" className="font-semibold text-stone-900 [overflow-wrap:anywhere]">
      {email}
    </strong>
  );
}

/** "Sign in as a@b.in?" */
function SignInAs({ email }: { email: string }) {
  const address = (
    <span translate="no" className="[overflow-wrap:anywhere]">
      {verbatim(email)}
    </span>
  );
  return <Trans>Sign in as {address}?</Trans>;
}

/** The page's one card: an icon, the heading, what to know, and what to do. */
function LinkCard({ icon, title, children, action, busy }: { icon: ReactNode; title: ReactNode; children: ReactNode; action?: ReactNode; busy?: boolean }) {
  return (
    <section className="container-page flex flex-1 items-start justify-center py-10 sm:items-center sm:py-16" aria-busy={busy || undefined}>
      <PageTitle />
      {/* A page of one person's link: nothing here is for a search engine. */}
      <meta name="robots" content="noindex" />
      <Card className="w-full max-w-lg p-6 sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-50 text-primary-700 [&_svg]:size-6" aria-hidden="true">
          {icon}
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-900 sm:text-[1.75rem]">{title}</h1>
        <div className="mt-3 space-y-3 text-[0.9375rem] leading-relaxed text-stone-600">{children}</div>
        {action && <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-end">{action}</div>}
      </Card>
    </section>
  );
}

function PageTitle() {
  const { t } = useLingui();
  return <title>{t`Sign in · PawStay`}</title>;
}
