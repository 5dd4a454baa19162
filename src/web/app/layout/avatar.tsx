import { CountBadge } from '@/web/components/count-badge';

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
      <CountBadge count={unreadCount} max={99} testId="unread-badge" className="-top-1 -right-1" />
    </>
  );
}
