import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LiveMessages, unreadQuery } from '@/web/features/messages';
import { AvatarFace, AVATAR_BUTTON } from './avatar';
import type { UserMenuProps } from './user-menu';
import { pressCode } from '@/web/lib/press-code';

// The menu itself (Radix menu, positioning, focus handling: about 26 KB gzip) is fetched when the
// avatar is pointed at, focused or pressed. Until it has arrived a plain button of the same look
// stands in; then the menu's own button replaces it in one commit, taking the focus if the
// stand-in had it, and opening if the stand-in was pressed. Not React.lazy: there is no moment
// without a button, and a chunk that fails to load leaves the stand-in for the next try.
const loadUserMenu = () => import('./user-menu');
type UserMenuComponent = Awaited<ReturnType<typeof loadUserMenu>>['UserMenu'];

/** The avatar menu with the unread count, kept live by the message stream. */
export function SignedInMenu(props: Omit<UserMenuProps, 'unreadCount' | 'defaultOpen' | 'standInFocused'>) {
  const unread = useQuery(unreadQuery);
  const unreadCount = unread.data ?? 0;
  const [Menu, setMenu] = useState<UserMenuComponent>();
  const [pressed, setPressed] = useState(false);
  const standInFocused = useRef(false);
  const fetchMenu = () => {
    loadUserMenu().then(
      (m) => setMenu(() => m.UserMenu),
      () => undefined, // the stand-in stays; the next hover, focus or press tries again
    );
  };
  const press = () => {
    setPressed(true);
    fetchMenu();
  };
  return (
    <>
      {/* One stream per user: a sign-in elsewhere that replaces this tab's session ends the old one. */}
      <LiveMessages key={props.email ?? ''} />
      {Menu ? (
        <Menu {...props} unreadCount={unreadCount} defaultOpen={pressed} standInFocused={standInFocused} />
      ) : (
        <button
          type="button"
          className={AVATAR_BUTTON}
          aria-haspopup="menu"
          aria-expanded={false}
          {...pressCode('userMenu')}
          onPointerEnter={fetchMenu}
          onFocus={() => {
            standInFocused.current = true;
            fetchMenu();
          }}
          onBlur={() => {
            standInFocused.current = false;
          }}
          // As the menu's own button: a press opens it as it goes down (its main button, no Ctrl),
          // so that the menu, if it takes the stand-in's place before the click, is already open.
          onPointerDown={(event) => {
            if (event.button === 0 && !event.ctrlKey) press();
          }}
          // The click of a key (Enter, Space) on the button.
          onClick={press}
          onKeyDown={(event) => {
            // As the menu's own button: the down arrow opens it too.
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              press();
            }
          }}
        >
          <AvatarFace email={props.email} unreadCount={unreadCount} />
        </button>
      )}
    </>
  );
}
