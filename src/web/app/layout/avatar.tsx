/** The avatar letter of SPEC.md: the e-mail's first letter in upper case, U if none. */
function avatarLetter(email: string | null | undefined): string {
  return email?.trim().charAt(0).toUpperCase() || 'U';
}

/** The round account button's look, shared by the menu's trigger and its stand-in. */
export const AVATAR_BUTTON =
  'relative flex size-10 items-center justify-center rounded-full bg-primary-600 text-base font-bold text-white shadow-sm transition-colors hover:bg-primary-700 data-[state=open]:bg-primary-700';

/** What the account button shows and is named by: the letter, the unread badge. */
export function AvatarFace({ email, unreadCount }: { email: string | null | undefined; unreadCount: number }) {
  return (
    <>
      <span aria-hidden="true">{avatarLetter(email)}</span>
      {/* Named by text, not aria-label: axe wants a label to contain the visible letter. */}
      <span className="sr-only">
        Account menu{unreadCount > 0 && `, ${unreadCount} unread ${unreadCount === 1 ? 'message' : 'messages'}`}
      </span>
      {unreadCount > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-stone-900 px-1 text-[0.6875rem] font-bold text-white ring-2 ring-white"
        >
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      )}
    </>
  );
}
