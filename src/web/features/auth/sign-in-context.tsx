import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLoaded } from '@/web/lib/use-loaded';

// The dialog's code (and Radix Dialog's) loads the first time someone opens it.
const loadDialog = () => import('./sign-in-dialog').then((m) => m.SignInDialog);

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
  const open = useCallback(() => setOpen(true), []);
  const value = useMemo(() => ({ open, isOpen, setOpen }), [open, isOpen]);
  const SignInDialog = useLoaded(loadDialog, isOpen);
  return (
    <SignInContext value={value}>
      {children}
      {SignInDialog && <SignInDialog open={isOpen} onOpenChange={setOpen} />}
    </SignInContext>
  );
}

export function useSignIn(): SignInContextValue {
  const ctx = use(SignInContext);
  if (!ctx) throw new Error('useSignIn must be used inside <SignInProvider>');
  return { open: ctx.open };
}
