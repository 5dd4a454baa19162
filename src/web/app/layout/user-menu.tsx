import { type RefObject, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Bell, CalendarCheck, CircleHelp, House, LogOut, Mail, MessageCircle, Search, Settings, ShieldCheck, Sparkles } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { useMediaQuery } from '@/web/lib/use-media-query';
import { AvatarFace, AVATAR_BUTTON } from './avatar';

export type UserMenuProps = {
  email: string | null | undefined;
  /** An operator: the menu offers the console at /ops. */
  operator?: boolean;
  onSignOut: () => void;
  /** Unread messages, shown beside Messages when above 0. */
  unreadCount?: number;
  /** Opens as it mounts (its stand-in was pressed while this code loaded). */
  defaultOpen?: boolean;
  /** Takes the focus as it mounts if this is true then (its stand-in had the focus). */
  standInFocused?: RefObject<boolean>;
};

/**
 * The signed-in header menu of SPEC.md section 2. How It Works, FAQ and Contact appear on narrow
 * screens only (the desktop navigation has them); they are left out of the DOM, not hidden, so
 * arrow keys never land on an invisible item.
 */
export function UserMenu({ email, operator = false, onSignOut, unreadCount = 0, defaultOpen = false, standInFocused }: UserMenuProps) {
  const narrow = !useMediaQuery('(min-width: 48rem)');
  const triggerRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (standInFocused?.current) triggerRef.current?.focus();
  }, [standInFocused]);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={triggerRef} className={AVATAR_BUTTON}>
        <AvatarFace email={email} unreadCount={unreadCount} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {email && <DropdownMenuLabel className="truncate">{email}</DropdownMenuLabel>}
        {email && <DropdownMenuSeparator />}
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/search"><Search aria-hidden="true" />Search Listings</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/dashboard"><CalendarCheck aria-hidden="true" />My Bookings</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/messages">
              <MessageCircle aria-hidden="true" />
              Messages
              {unreadCount > 0 && (
                <span className="ml-auto rounded-full bg-primary-600 px-2 py-0.5 text-xs font-bold text-white">
                  {unreadCount}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/notifications"><Bell aria-hidden="true" />Notifications</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/host"><House aria-hidden="true" />Host Dashboard</Link>
          </DropdownMenuItem>
          {operator && (
            <DropdownMenuItem asChild>
              <Link to="/ops"><ShieldCheck aria-hidden="true" />Operations</Link>
            </DropdownMenuItem>
          )}
        </DropdownMenuGroup>
        {narrow && (
        <DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/how-it-works"><Sparkles aria-hidden="true" />How It Works</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/faq"><CircleHelp aria-hidden="true" />FAQ</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/contact"><Mail aria-hidden="true" />Contact</Link>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile"><Settings aria-hidden="true" />Profile Settings</Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
