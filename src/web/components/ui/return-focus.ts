import { useRef, type RefObject } from 'react';

type AutoFocusHandler = ((event: Event) => void) | undefined;

/**
 * Radix gives the focus back to a dialog's Radix trigger on close, but ours are mostly opened by
 * state (a card's Remove, a booking's Cancel, a search result), with no Radix trigger, and the
 * focus fell to <body>. These handlers note what had the focus as the dialog opens and give it
 * back as it closes, unless the caller's own handler has already placed it (preventDefault).
 * `returnFocusTo` names the element to go back to instead, for an opener that may not hold the
 * focus as the dialog opens (a menu button tapped in Safari does not take it).
 */
export function useReturnFocus(
  onOpenAutoFocus: AutoFocusHandler,
  onCloseAutoFocus: AutoFocusHandler,
  returnFocusTo?: RefObject<HTMLElement | null>,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = returnFocusTo ? returnFocusTo.current : opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
