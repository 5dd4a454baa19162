import { lazy, Suspense, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { unreadQuery } from '@/web/features/messages/api';
import { LiveMessages } from '@/web/features/messages/live';
import { AvatarFace, AVATAR_BUTTON } from './avatar';
import type { UserMenuProps } from './user-menu';

// The menu itself (Radix menu, positioning, focus handling: about 26 KB gzip) is fetched when the
// avatar is pointed at or focused, and shown when it is pressed; until then a plain button of the
// same look stands in, and hands the focus to the menu's own button.
const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));

/** The avatar menu with the unread count, kept live by the message stream. */
export function SignedInMenu(props: Omit<UserMenuProps, 'unreadCount' | 'defaultOpen' | 'standInFocused'>) {
  const unread = useQuery(unreadQuery);
  const unreadCount = unread.data ?? 0;
  // Pressed while the menu's code was not there yet: it opens as soon as it is.
  const [pressed, setPressed] = useState(false);
  const standInFocused = useRef(false);
  const standIn = (
    <button
      type="button"
      className={AVATAR_BUTTON}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => {
        standInFocused.current = true;
        void loadUserMenu();
      }}
      onBlur={() => {
        standInFocused.current = false;
      }}
      onClick={() => setPressed(true)}
    >
      <AvatarFace email={props.email} unreadCount={unreadCount} />
    </button>
  );
  return (
    <>
      <LiveMessages />
      {pressed ? (
        <Suspense fallback={standIn}>
          <UserMenu {...props} unreadCount={unreadCount} defaultOpen standInFocused={standInFocused} />
        </Suspense>
      ) : (
        standIn
      )}
    </>
  );
}
