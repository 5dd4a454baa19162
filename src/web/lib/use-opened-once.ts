import { useState } from 'react';

/**
 * Whether `open` has ever been true: a dialog loaded on first use mounts then, and stays mounted
 * so that it can animate closed. (State set during render, React's pattern for derived state.)
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return opened || open;
}
