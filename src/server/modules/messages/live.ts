import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../../db/client';
import type { Message } from '../../../domain/contracts/message';
import type { SessionWatch } from '../../auth/session-watch';
import { NOTICE_CHANNEL } from '../notifications';
import { latestSeq, MESSAGE_CHANNEL, messageFor, messagesSince, parseMessageNotice, type StoredMessage, storedMessage } from './service';

// New messages reach both participants without a reload, over Server-Sent Events. Every app
// process LISTENs on the database's channel (NOTIFY is sent by the inserting transaction), so a
// message posted through one process reaches streams held by any other. Each event's id is the
// message's seq: a browser that reconnects sends the last one it saw (Last-Event-ID) and gets
// exactly what it missed, once, in order.

type Stream = {
  userId: string;
  /** Delivers, in seq order, what this stream has not sent yet. */
  deliver(message: Message): void;
  /** The listening connection was lost for a while: catch up from the data. */
  catchUp(): void;
  /** The user's notices changed (a new one, one read): the page asks for its bell's count. */
  notice(): void;
  end(): void;
};

/** Where the hub reads messages (the database; a fake in its unit tests). */
export type HubStore = {
  /** The message with this seq, with its participants. */
  load(seq: number): Promise<StoredMessage | undefined>;
  /** What `userId` may read after `afterSeq`, oldest first. */
  since(userId: string, afterSeq: number, limit: number): Promise<Message[]>;
  /** The newest seq among the messages `userId` may read. */
  latest(userId: string): Promise<number>;
};

export const databaseHubStore = (db: Db): HubStore => ({
  load: (seq) => storedMessage(db, seq),
  since: (userId, afterSeq, limit) => messagesSince(db, userId, afterSeq, limit),
  latest: (userId) => latestSeq(db, userId),
});

const HEARTBEAT_MS = 20_000;
const REPLAY_BATCH = 500;

export class MessageHub {
  private readonly streams = new Map<string, Set<Stream>>();
  private unlisten: (() => Promise<void>) | undefined;
  private unlistenNotices: (() => Promise<void>) | undefined;
  /** Deliveries, one after another in the order the NOTIFYs came, which is commit order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly listener: Pick<Database, 'listen'>,
    private readonly store: HubStore,
    /** Ends a stream when the session that opened it ends (none in the hub's unit tests). */
    private readonly sessions?: Pick<SessionWatch, 'watch'>,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.listener.listen(
      MESSAGE_CHANNEL,
      (payload) => {
        const notice = parseMessageNotice(payload);
        if (!notice || !this.concerns(notice.participants)) return;
        // Loads run side by side (loaded one at a time, live delivery fell 12 s behind under
        // load); only the deliveries wait their turn. A failed load must not lose the message:
        // its participants' streams then catch up from the data.
        const loading = this.store.load(notice.seq).then(
          (stored) => ({ stored }),
          () => undefined,
        );
        this.queue = this.queue
          .then(async () => {
            const loaded = await loading;
            if (loaded) this.fanOut(loaded.stored);
            else this.catchUp(notice.participants);
          })
          .catch(() => this.catchUp(notice.participants));
      },
      () => this.catchUp(undefined),
    );
    // The same streams ring the bell (issue 38): a notice's NOTIFY carries its user's id, and the
    // page reads the count itself, so a lost NOTIFY costs only a late count, which the stream's
    // next `ready` (every reconnect) refreshes.
    this.unlistenNotices = await this.listener.listen(NOTICE_CHANNEL, (userId) => {
      for (const s of this.streams.get(userId) ?? []) s.notice();
    });
  }

  /** Whether a stream here may show the message: a notice without participants may concern anyone. */
  private concerns(participants: string[] | undefined): boolean {
    return participants ? participants.some((id) => this.streams.has(id)) : this.streams.size > 0;
  }

  /** The streams of `userIds` (every stream when undefined) read what they missed from the data. */
  private catchUp(userIds: string[] | undefined): void {
    const sets = userIds ? userIds.map((id) => this.streams.get(id)) : [...this.streams.values()];
    for (const set of sets) for (const s of set ?? []) s.catchUp();
  }

  async stop(): Promise<void> {
    for (const set of this.streams.values()) for (const s of set) s.end();
    this.streams.clear();
    await this.unlisten?.();
    await this.unlistenNotices?.();
  }

  get connections(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private fanOut(stored: StoredMessage | undefined): void {
    if (!stored) return;
    for (const userId of new Set([stored.guest_id, stored.host_id])) {
      for (const s of this.streams.get(userId) ?? []) s.deliver(messageFor(stored, userId));
    }
  }

  /** The streams this process holds open, for the metrics. */
  get streamCount(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private add(stream: Stream): () => void {
    let set = this.streams.get(stream.userId);
    if (!set) this.streams.set(stream.userId, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0) this.streams.delete(stream.userId);
    };
  }

  /**
   * Serves one event stream for `userId` until the client goes away or `sessionId` ends. `after`:
   * the last event id the client saw (a reconnect), or undefined for a fresh stream that starts now.
   */
  async serve(request: FastifyRequest, reply: FastifyReply, userId: string, sessionId: string, after: number | undefined): Promise<void> {
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise hold events back.
      'x-accel-buffering': 'no',
    });

    let lastSent = 0;
    let ready = false;
    let closed = false;
    const waiting: Message[] = [];
    const send = (m: Message) => {
      if (closed || m.seq <= lastSent) return;
      lastSent = m.seq;
      raw.write(`id: ${m.seq}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`);
    };
    const flush = () => {
      ready = true;
      for (const m of waiting.splice(0)) send(m);
    };
    /** Sends everything stored after `lastSent`, a batch at a time. */
    const replay = async () => {
      for (;;) {
        const missed = await this.store.since(userId, lastSent, REPLAY_BATCH);
        missed.forEach(send);
        if (missed.length < REPLAY_BATCH || closed) return;
      }
    };
    // Live messages wait while stored ones are read, or a later one would go out first. Before
    // the stream knows where it starts (lastSent), there is nothing to catch up on: it reads its
    // starting point from the data after any missed message committed.
    let positioned = false;
    const catchUp = () => {
      if (!positioned) return;
      ready = false;
      replay()
        .catch(() => {})
        .finally(flush);
    };

    const stream: Stream = {
      userId,
      deliver: (m) => (ready ? send(m) : waiting.push(m)),
      catchUp,
      notice: () => {
        if (!closed) raw.write('event: notice\ndata: {}\n\n');
      },
      end: () => {
        if (!closed) raw.end();
      },
    };
    // Listen first, then read what is already stored: nothing falls between the two.
    const remove = this.add(stream);
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    // The session's end closes the stream, with an event that tells the page not to reconnect.
    const unwatch = this.sessions?.watch(sessionId, () => {
      if (closed) return;
      raw.write('event: session-ended\ndata: {}\n\n');
      close();
      raw.end();
    });
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unwatch?.();
      remove();
    };
    request.raw.on('close', close);
    raw.on('close', close);

    try {
      raw.write('retry: 2000\n\n');
      const newest = await this.store.latest(userId);
      // A fresh stream starts now. A reconnect resumes after the last id it saw, but never past
      // the newest message (an id from before a database restore would silence every new one).
      lastSent = after === undefined ? newest : Math.min(after, newest);
      positioned = true;
      if (after !== undefined) await replay();
      flush();
      // Tells the client the stream is live, so it can refresh what it fetched before.
      // Its id is where this stream stands, so a browser that reconnects before any message
      // arrived still resumes from here rather than from "now".
      if (!closed) raw.write(`id: ${lastSent}\nevent: ready\ndata: {}\n\n`);
    } catch {
      close();
      raw.end();
    }
  }
}
