import { describe, expect, it } from 'vitest';
import { sampleMessage } from '@/domain/contracts/test-support';
import { keepLocalMessages, type Message, type Thread } from './api';

const message = (seq: number, extra: Partial<Message> = {}): Message => ({ ...sampleMessage(seq), ...extra });
const local = (clientId: string, state: 'sending' | 'failed'): Message =>
  message(Number.MAX_SAFE_INTEGER, { id: `local-${clientId}`, client_id: clientId, local: { clientId, state } });
const thread = (...results: Message[]): Thread => ({ pages: [{ results, has_more: false }], pageParams: [undefined] });

describe('keepLocalMessages (a refetched thread)', () => {
  it('keeps a message that failed to send, and one still sending', () => {
    const failed = local('a', 'failed');
    const sending = local('b', 'sending');
    const merged = keepLocalMessages(thread(message(1), failed, sending), thread(message(1), message(2)));
    expect(merged.pages[0]!.results.map((m) => m.id)).toEqual(['m1', 'm2', 'local-a', 'local-b']);
  });

  it("takes the server's copy of a message it has stored since", () => {
    const merged = keepLocalMessages(thread(message(1), local('a', 'sending')), thread(message(1), message(2, { client_id: 'a' })));
    expect(merged.pages[0]!.results.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('is the fetched thread itself when nothing is local', () => {
    const fresh = thread(message(1));
    expect(keepLocalMessages(thread(message(1)), fresh)).toBe(fresh);
    expect(keepLocalMessages(undefined, fresh)).toBe(fresh);
  });
});
