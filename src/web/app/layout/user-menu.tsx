import { Link } from 'react-router';
import { CalendarCheck, CircleHelp, House, LogOut, Mail, MessageCircle, Search, Settings, Sparkles } from 'lucide-react';
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

/** The avatar letter of SPEC.md: the e-mail's first letter in upper case, U if none. */
export function avatarLetter(email: string | null | undefined): string {
  return email?.trim().charAt(0).toUpperCase() || 'U';
}

export type UserMenuProps = {
  email: string | null | undefined;
  onSignOut: () => void;
  /** Unread messages, shown beside Messages when above 0. */
  unreadCount?: number;
};

/**
 * The signed-in header menu of SPEC.md section 2. How It Works, FAQ and Contact appear on narrow
 * screens only (the desktop navigation has them); they are left out of the DOM, not hidden, so
 * arrow keys never land on an invisible item.
 */
export function UserMenu({ email, onSignOut, unreadCount = 0 }: UserMenuProps) {
  const narrow = !useMediaQuery('(min-width: 48rem)');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="relative flex size-10 items-center justify-center rounded-full bg-primary-600 text-base font-bold text-white shadow-sm transition-colors hover:bg-primary-700 data-[state=open]:bg-primary-700"
      >
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
            <Link to="/host"><House aria-hidden="true" />Host Dashboard</Link>
          </DropdownMenuItem>
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
