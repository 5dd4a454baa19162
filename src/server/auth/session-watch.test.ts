import { describe, expect, it } from 'vitest';
import { SessionWatch } from './session-watch';

// The watch's rules, with the database replaced: a notice ends a session's streams at once; a
// session that is gone without a notice (an expiry, a notice lost) ends at the next check, or when
// the soonest one expires; a failed read ends nothing.

function setup(live: Map<string, number>) {
  let notify: (payload: string) => void = () => {};
  let reconnect: () => void = () => {};
  const store = { fail: false, reads: 0, async live(ids: string[]) {
    this.reads++;
    if (this.fail) throw new Error('database away');
    return new Map([...live].filter(([id]) => ids.includes(id)));
  } };
  const watch = new SessionWatch(
    { listen: async (_channel, onNotify, onReconnect) => {
      notify = onNotify;
      reconnect = onReconnect ?? (() => {});
      return async () => {};
    } },
    store,
    60_000,
  );
  return { watch, store, notify: (id: string) => notify(id), reconnect: () => reconnect() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the session watch', () => {
  it('ends every stream of a session named by a notice, once, and no other', async () => {
    const t = setup(new Map([['s1', Date.now() + 3_600_000], ['s2', Date.now() + 3_600_000]]));
    await t.watch.start();
    const ended: string[] = [];
    t.watch.watch('s1', () => ended.push('s1 tab 1'));
    t.watch.watch('s1', () => ended.push('s1 tab 2'));
    t.watch.watch('s2', () => ended.push('s2'));
    await settle();
    t.notify('s1');
    t.notify('s1');
    expect(ended).toEqual(['s1 tab 1', 's1 tab 2']);
    expect(t.watch.size).toBe(1);
    await t.watch.stop();
  });

  it('ends, at a check, the sessions that are gone without a notice; a failed read ends nothing', async () => {
    const live = new Map([['kept', Date.now() + 3_600_000]]);
    const t = setup(live);
    await t.watch.start();
    const ended: string[] = [];
    t.store.fail = true;
    t.watch.watch('kept', () => ended.push('kept'));
    t.watch.watch('expired', () => ended.push('expired'));
    await settle();
    await t.watch.recheck();
    expect(ended).toEqual([]);
    t.store.fail = false;
    // A lost listening connection means lost notices: the watch reads again at once.
    t.reconnect();
    await expect.poll(() => ended).toEqual(['expired']);
    const unwatch = t.watch.watch('kept', () => ended.push('kept again'));
    unwatch();
    live.delete('kept');
    await t.watch.recheck();
    expect(ended).toEqual(['expired', 'kept']);
    await t.watch.stop();
  });

  it('checks again when the soonest session expires, before the next round', async () => {
    const live = new Map([['short', Date.now() + 1_200]]);
    const t = setup(live);
    await t.watch.start();
    let ended = false;
    t.watch.watch('short', () => (ended = true));
    await t.watch.recheck();
    expect(ended).toBe(false);
    live.delete('short'); // as the database would answer once it has expired
    await expect.poll(() => ended, { timeout: 3_000 }).toBe(true);
    await t.watch.stop();
  });

  it('reads a session once more as it starts to watch it: one that ended just before is ended at once', async () => {
    const t = setup(new Map());
    await t.watch.start();
    let ended = false;
    t.watch.watch('gone', () => (ended = true));
    await expect.poll(() => ended, { timeout: 1_000 }).toBe(true);
    await t.watch.stop();
  });

  it('reads nothing while nothing is watched', async () => {
    const t = setup(new Map());
    await t.watch.start();
    await t.watch.recheck();
    expect(t.store.reads).toBe(0);
    await t.watch.stop();
  });
});
