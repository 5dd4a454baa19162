import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';

// The dialog's code (and Radix Dialog's) loads the first time someone opens it.
const SignInDialog = lazy(() => import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })));

// The sign-in dialog, reachable from anywhere: the header's Sign In button and every action that
// needs an account call `useSignIn().open()`.

export type SignInContextValue = {
  /** Open the sign-in dialog. */
  open: () => void;
};

type SignInState = SignInContextValue & {
  isOpen: boolean;
  setOpen: (open: boolean) => void;
};

const SignInContext = createContext<SignInState | null>(null);

export function SignInProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const open = useCallback(() => {
    setWanted(true);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ open, isOpen, setOpen }), [open, isOpen]);
  return (
    <SignInContext value={value}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <SignInDialog open={isOpen} onOpenChange={setOpen} />
        </Suspense>
      )}
    </SignInContext>
  );
}

export function useSignIn(): SignInContextValue {
  const ctx = use(SignInContext);
  if (!ctx) throw new Error('useSignIn must be used inside <SignInProvider>');
  return { open: ctx.open };
}
