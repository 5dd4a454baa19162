import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { addToThread, type Message, messageKeys } from './api';

/**
 * Keeps a signed-in user's messages live (issue 7): one EventSource per tab. New messages go
 * straight into their thread's cache and refresh the conversation list and the unread count.
 * The browser reconnects by itself after a drop, sending the last event id, and the server
 * replays what was missed; on every (re)connection the lists are refreshed as well, which covers
 * anything sent between a page's first fetch and the stream opening.
 */
export function LiveMessages() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/conversations/stream');
    const refreshLists = () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    };
    source.addEventListener('ready', refreshLists);
    source.addEventListener('message', (event) => {
      const message = JSON.parse((event as MessageEvent<string>).data) as Message;
      addToThread(queryClient, message);
      refreshLists();
    });
    return () => source.close();
  }, [queryClient]);
  return null;
}
