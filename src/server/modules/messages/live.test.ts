import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sampleMessage } from '@/domain/contracts/test-support';
import { type HubStore, MessageHub } from './live';
import type { StoredMessage } from './service';
import { MESSAGE_CHANNEL } from './service';
import { NOTICE_CHANNEL } from '../notifications';

// The hub's delivery rules, with the database replaced by a store whose answers the test
// releases: what is loaded, when, and in which order messages go out. (stream.test.ts covers the
// streams over real HTTP on both databases, including reconnects.)

const stored = (seq: number, guest = 'guest-1', host = 'host-1'): StoredMessage => ({
  ...sampleMessage(seq),
  sender_id: guest,
  guest_id: guest,
  host_id: host,
});

type Deferred = { resolve: (m: StoredMessage | undefined) => void; reject: (e: Error) => void };

function setup(since: HubStore['since'] = async () => [], latest: HubStore['latest'] = async () => 0) {
  let notify: (payload: string) => void = () => {};
  let ring: (payload: string) => void = () => {};
  const loads: number[] = [];
  const pending = new Map<number, Deferred>();
  const store: HubStore = {
    load: (seq) => {
      loads.push(seq);
      return new Promise((resolve, reject) => pending.set(seq, { resolve, reject }));
    },
    since,
    latest,
  };
  const hub = new MessageHub(
    {
      listen: async (channel, onNotify) => {
        if (channel === MESSAGE_CHANNEL) notify = onNotify;
        if (channel === NOTICE_CHANNEL) ring = onNotify;
        return async () => {};
      },
    },
    store,
  );

  /** Opens a stream for `userId`; returns the seqs of the message events it has sent so far. */
  async function open(userId: string): Promise<() => number[]> {
    const { opened, seen } = start(userId);
    await opened;
    return seen;
  }

  /** Starts opening a stream; `opened` resolves once it is live. */
  function start(userId: string): { opened: Promise<void>; seen: () => number[]; bells: () => number } {
    const raw = Object.assign(new PassThrough(), { writeHead: () => raw });
    let text = '';
    raw.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const reply = { raw, hijack: () => {} } as unknown as FastifyReply;
    const request = { raw: new EventEmitter() } as unknown as FastifyRequest;
    const opened = hub.serve(request, reply, userId, 'session-1', undefined);
    return { opened, seen: () => [...text.matchAll(/id: (\d+)\nevent: message/g)].map((m) => Number(m[1])), bells: () => text.match(/event: notice\n/g)?.length ?? 0 };
  }

  return { hub, open, start, notify: (payload: string) => notify(payload), ring: (userId: string) => ring(userId), loads, pending };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('the live message hub', () => {
  it("rings the bell of the notice's user only, on every stream they hold", async () => {
    const t = setup();
    await t.hub.start();
    const [a, b, other] = [t.start('host-1'), t.start('host-1'), t.start('guest-1')];
    await Promise.all([a.opened, b.opened, other.opened]);
    t.ring('host-1');
    t.ring('nobody-here');
    await settle();
    expect([a.bells(), b.bells(), other.bells()]).toEqual([1, 1, 0]);
    // No message was loaded for it: the page asks for its count itself.
    expect(t.loads).toEqual([]);
    await t.hub.stop();
  });

  it('loads messages side by side, and still sends them in the order they were committed', async () => {
    const t = setup();
    await t.hub.start();
    const seen = await t.open('guest-1');
    t.notify('1 guest-1 host-1');
    t.notify('2 guest-1 host-1');
    t.notify('3 host-1 guest-1');
    await settle();
    // All three are being loaded at once: one slow read must not hold up the ones behind it.
    expect(t.loads).toEqual([1, 2, 3]);
    t.pending.get(3)!.resolve(stored(3));
    t.pending.get(2)!.resolve(stored(2));
    await settle();
    expect(seen()).toEqual([]);
    t.pending.get(1)!.resolve(stored(1));
    await settle();
    expect(seen()).toEqual([1, 2, 3]);
    await t.hub.stop();
  });

  it('reads nothing for a message whose participants have no stream in this process', async () => {
    const t = setup();
    await t.hub.start();
    const seen = await t.open('guest-1');
    t.notify('7 guest-2 host-2');
    t.notify('not a notice');
    await settle();
    expect(t.loads).toEqual([]);
    // A notice without participants (an older process during a deploy) may concern anyone.
    t.notify('8');
    await settle();
    expect(t.loads).toEqual([8]);
    t.pending.get(8)!.resolve(stored(8));
    await settle();
    expect(seen()).toEqual([8]);
    await t.hub.stop();
  });

  it('catches the streams up from the data when a message could not be loaded', async () => {
    let afterAsked: number | undefined;
    const t = setup(async (_user, after) => {
      afterAsked = after;
      return after < 5 ? [stored(5)] : [];
    });
    await t.hub.start();
    const seen = await t.open('guest-1');
    t.notify('5 guest-1 host-1');
    await settle();
    t.pending.get(5)!.reject(new Error('connection lost'));
    await settle();
    expect(afterAsked).toBe(0);
    expect(seen()).toEqual([5]);
    await t.hub.stop();
  });

  it('a catch-up asked before a new stream knows where it starts replays nothing', async () => {
    let position!: (seq: number) => void;
    const t = setup(
      async (_user, after) => [stored(1), stored(2), stored(3)].filter((m) => m.seq > after),
      () => new Promise((resolve) => (position = resolve)),
    );
    await t.hub.start();
    const stream = t.start('guest-1');
    await expect.poll(() => typeof position).toBe('function');
    // A message of this user could not be loaded while the stream was opening.
    t.notify('3 guest-1 host-1');
    await settle();
    t.pending.get(3)!.reject(new Error('connection lost'));
    await settle();
    // The stream starts after the newest message, which already includes that one.
    position(3);
    await stream.opened;
    await settle();
    expect(stream.seen()).toEqual([]);
    await t.hub.stop();
  });
});
