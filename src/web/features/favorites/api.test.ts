import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import * as queryKeys from '@/web/lib/query-keys';
import { heartState } from './api';

const LISTING = '6f1c9d1e-0000-4000-8000-000000000001';

describe('heartState: what a heart shows, read from the query cache', () => {
  it('is unknown until the session has answered, also while my ids are cached', () => {
    const client = new QueryClient();
    expect(heartState(client, LISTING)).toBe('unknown');
    client.setQueryData(queryKeys.favorites.ids, [LISTING]);
    expect(heartState(client, LISTING)).toBe('unknown');
  });

  it('is signed out when the session answered no one, whatever ids a previous user left', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.session, null);
    client.setQueryData(queryKeys.favorites.ids, [LISTING]);
    expect(heartState(client, LISTING)).toBe('signed-out');
  });

  it('signed in: not saved until my ids come, then saved only for a listing among them', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.session, { id: 'u1', email: 'aditi@example.com' });
    expect(heartState(client, LISTING)).toBe('not-saved');
    client.setQueryData(queryKeys.favorites.ids, ['another-listing']);
    expect(heartState(client, LISTING)).toBe('not-saved');
    client.setQueryData(queryKeys.favorites.ids, ['another-listing', LISTING]);
    expect(heartState(client, LISTING)).toBe('saved');
  });
});
