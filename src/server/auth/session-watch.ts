import type { Database, Db } from '../db/client';
import { notifyOnCommit, selectLiveSessions } from './queries';

// A live stream is authorised once, when it opens; this keeps that authorisation true for as long
// as the stream lives (issue 19). A session ended through any app process (sign-out, a sign-in
// that replaces it, later a suspension) is announced on SESSION_ENDED_CHANNEL by the transaction
// that deletes it, and every process ends that session's streams at once. What no notice says (an
// expiry, a notice lost while the listening connection was down) the watch finds by reading the
// watched sessions again every RECHECK_MS, and at the moment the soonest of them expires.

export const SESSION_ENDED_CHANNEL = 'pawstay_session_ended';
export const RECHECK_MS = 15_000;

/** Which of `sessionIds` are live, each with the moment it ends unless renewed. */
export type SessionStore = { live(sessionIds: string[]): Promise<Map<string, number>> };

export const databaseSessionStore = (db: Db): SessionStore => ({
  async live(ids) {
    const rows = await selectLiveSessions(db, ids);
    return new Map(rows.map((r) => [r.id, new Date(r.ends).getTime()]));
  },
});

/** Announces, with `tx`, that a session has ended: sent when the transaction commits. */
export const announceSessionEnded = (tx: Db, sessionId: string) => notifyOnCommit(tx, SESSION_ENDED_CHANNEL, sessionId);

export class SessionWatch {
  private readonly watchers = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | undefined;
  private interval: ReturnType<typeof setInterval> | undefined;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  private checking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly listener: Pick<Database, 'listen'>,
    private readonly store: SessionStore,
    private readonly recheckMs = RECHECK_MS,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.listener.listen(
      SESSION_ENDED_CHANNEL,
      (sessionId) => this.end(sessionId),
      () => void this.recheck(),
    );
    this.interval = setInterval(() => void this.recheck(), this.recheckMs);
    this.interval.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.interval);
    clearTimeout(this.expiryTimer);
    this.watchers.clear();
    await this.unlisten?.();
  }

  /**
   * Calls `onEnd` once the session ends; returns a function that stops watching. The session is
   * read once more now: it may have ended, its notice gone to nobody, since the request found it.
   */
  watch(sessionId: string, onEnd: () => void): () => void {
    let set = this.watchers.get(sessionId);
    if (!set) this.watchers.set(sessionId, (set = new Set()));
    set.add(onEnd);
    this.store.live([sessionId]).then(
      (live) => live.has(sessionId) || this.end(sessionId),
      () => {}, // The database is away: the next round decides.
    );
    return () => {
      set.delete(onEnd);
      if (set.size === 0 && this.watchers.get(sessionId) === set) this.watchers.delete(sessionId);
    };
  }

  /** How many sessions are watched (for tests and metrics). */
  get size(): number {
    return this.watchers.size;
  }

  private end(sessionId: string): void {
    const set = this.watchers.get(sessionId);
    if (!set) return;
    this.watchers.delete(sessionId);
    for (const onEnd of set) onEnd();
  }

  /** Reads every watched session once (one query for all), ending those that are gone. */
  recheck(): Promise<void> {
    this.checking ??= this.readAll().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async readAll(): Promise<void> {
    const ids = [...this.watchers.keys()];
    if (ids.length === 0) return;
    let live: Map<string, number>;
    try {
      live = await this.store.live(ids);
    } catch {
      return; // The database is away: the next check decides (streams stay as they were).
    }
    if (this.stopped) return;
    for (const id of ids) if (!live.has(id)) this.end(id);
    // A session that ends before the next round is checked when it does (at most once a second,
    // should this clock run ahead of the database's).
    clearTimeout(this.expiryTimer);
    let soonest = Infinity;
    for (const ends of live.values()) soonest = Math.min(soonest, ends);
    const wait = soonest - Date.now();
    if (wait < this.recheckMs) {
      this.expiryTimer = setTimeout(() => void this.recheck(), Math.max(wait + 50, 1_000));
      this.expiryTimer.unref();
    }
  }
}
