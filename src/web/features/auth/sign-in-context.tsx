import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';

// The hook point for the sign-in dialog. The header's Sign In button (and, later, a signed-out
// booking request) calls `useSignIn().open()`. The provider owns the open state; the sign-in
// dialog is rendered here, next to `children`, once it exists.

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
  return <SignInContext value={value}>{children}</SignInContext>;
}

export function useSignIn(): SignInContextValue {
  const ctx = use(SignInContext);
  if (!ctx) throw new Error('useSignIn must be used inside <SignInProvider>');
  return { open: ctx.open };
}

/** For the dialog itself: whether it is open, and a setter for Radix's `onOpenChange`. */
export function useSignInDialogState(): { isOpen: boolean; setOpen: (open: boolean) => void } {
  const ctx = use(SignInContext);
  if (!ctx) throw new Error('useSignInDialogState must be used inside <SignInProvider>');
  return { isOpen: ctx.isOpen, setOpen: ctx.setOpen };
}
