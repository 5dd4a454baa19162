import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC_CHANNELS } from '../../../domain/notifications/routing';
import { useTestApp, type TestContext } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { verifyPhone } from '../../test/phone';
import { FAKE, startFakeProviders } from '../../test/phone-providers';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { mailUnreadMessages } from '../messages';
import { setOperator } from '../ops';
import { DELIVERY_POLICY, deliverDue } from './deliveries';

// WhatsApp and SMS (issue 38, decision 058): a notice goes by the channels its user keeps for its
// topic and can be reached on, once per channel, held through quiet hours, dropped when what made
// it due is gone by the time it goes, retried, and given up to the operators.

const HOST_PHONE = '+919825012345';

/** A host with a listing and a verified number, and a guest with a pet who asks for stays. */
function useHostAndGuest(t: TestContext, prefix: string, codeSent?: () => string) {
  const call = api(t);
  const s = { host: '', guest: '', listingId: '', n: 0 };
  /** A new guest with a pet: a guest may have only 3 open requests for one home. */
  const newGuest = async () => {
    const cookie = await signIn(t, `${prefix}-guest${s.n}@example.com`);
    await addPet(t, cookie, { name: 'Bruno', size: 's' });
    return cookie;
  };
  beforeAll(async () => {
    s.host = await signIn(t, `${prefix}-host@example.com`);
    await call('PATCH', '/api/me', s.host, { name: 'Rohan Patel' });
    await verifyPhone(t, s.host, HOST_PHONE, codeSent);
    // The default topics without quiet hours, so that nothing waits whatever the hour the tests run.
    await call('PUT', '/api/notifications/settings', s.host, { topics: DEFAULT_TOPIC_CHANNELS, quiet: null });
    s.listingId = (await createListing(t, s.host, { title: 'Courtyard home in Paldi' })).id;
    s.guest = await newGuest();
  });
  return {
    s,
    call,
    /** The guest asks for a new stay; answers its id. */
    async request(): Promise<string> {
      s.n++;
      if (s.n % 3 === 0) s.guest = await newGuest();
      const res = await call('POST', '/api/bookings/create', s.guest, { listingId: s.listingId, fromDate: inDays(10 * s.n), toDate: inDays(10 * s.n + 2), size: 'small' });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json().id;
    },
    save: (topics: object, quiet: { start: number; end: number } | null = null) => call('PUT', '/api/notifications/settings', s.host, { topics: { ...DEFAULT_TOPIC_CHANNELS, ...topics }, quiet }),
  };
}

const deliveries = (t: TestContext) =>
  rawRows<{ id: string; channel: string; sent: boolean; dropped: boolean; last_error: string | null; attempts: number; due_in_s: number | null }>(t.database.db, sql`
    select id, channel, sent_at is not null as sent, dropped_at is not null as dropped, last_error, attempts,
      case when isfinite(next_attempt_at) then extract(epoch from next_attempt_at - now())::int end as due_in_s
    from notification_deliveries order by created_at, channel
  `);

/** The India minute of the day `offset` minutes from now. */
const indiaMinute = (offset: number) => (Math.floor(Date.now() / 60_000) + 330 + offset + 1440) % 1440;

describe('WhatsApp and SMS in the test mode', () => {
  const t = useTestApp();
  const { s, call, request, save } = useHostAndGuest(t, 'wa');

  it('sends a request to a verified host by WhatsApp and SMS (the defaults), once each, with what it is and where to answer', async () => {
    const before = t.phoneOutbox().length;
    await request();
    const sent = t.phoneOutbox().slice(before);
    expect(sent.map((m) => [m.channel, m.to, m.template])).toEqual(expect.arrayContaining([['whatsapp', HOST_PHONE, 'notice:requests'], ['sms', HOST_PHONE, 'notice:requests']]));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text).toMatch(/^PawStay: .*Courtyard home in Paldi.*http:\/\/localhost:3000\/host/);
    // Nothing twice, however often the workers run.
    await t.deliverChannels();
    await t.deliverChannels();
    expect(t.phoneOutbox()).toHaveLength(before + 2);
    expect((await deliveries(t)).every((d) => d.sent)).toBe(true);
  });

  it("speaks the host's language: a host who chose Gujarati gets a request in Gujarati, by both channels, its dates as Gujarati says them", async () => {
    expect((await call('PUT', '/api/language', s.host, { locale: 'gu' })).statusCode).toBe(200);
    const before = t.phoneOutbox().length;
    await request();
    const sent = t.phoneOutbox().slice(before);
    expect(sent).toHaveLength(2);
    for (const m of sent) {
      expect(m.text).toMatch(/^PawStay: .+ તરફથી નવી બુકિંગ રિક્વેસ્ટ\. Courtyard home in Paldi, .+ 24 કલાકમાં સ્વીકારો અથવા નકારો\. http/);
      expect(m.text).not.toMatch(/New booking request|Accept or decline/);
    }
    await call('PUT', '/api/language', s.host, { locale: 'en' });
  });

  it('goes only by the channels chosen: WhatsApp on for requests and off for stays, SMS off; the guest without a number gets neither', async () => {
    expect((await save({ requests: ['email', 'whatsapp'], bookings: ['email'] })).statusCode).toBe(204);
    const before = t.phoneOutbox().length;
    const id = await request();
    expect(t.phoneOutbox().slice(before).map((m) => [m.channel, m.template])).toEqual([['whatsapp', 'notice:requests']]);
    // The host accepts: the guest (no verified number) hears by e-mail and in the app only.
    await call('POST', `/api/bookings/${id}/accept`, s.host);
    expect(t.phoneOutbox().slice(before)).toHaveLength(1);
    const settings = (await call('GET', '/api/notifications/settings', s.guest)).json();
    expect(settings.reachable).toEqual(['email']);
    expect((await call('GET', '/api/notifications/settings', s.host)).json().reachable).toEqual(['email', 'whatsapp', 'sms']);
  });

  it("sends a conversation's unread messages by WhatsApp when the host keeps it for messages, and not once it is off", async () => {
    const bookingId = await request();
    const chat = (await call('POST', '/api/conversations', s.guest, { bookingId })).json().id as string;
    const unreadFor16Minutes = async (body: string) => {
      await call('POST', `/api/conversations/${chat}/messages`, s.guest, { body });
      await t.database.db.execute(sql`update messages set created_at = now() - interval '16 minutes' where conversation_id = ${chat}::uuid`);
      await t.database.db.execute(sql`update conversations set last_message_at = now() - interval '16 minutes', host_notified_at = null where id = ${chat}::uuid`);
      await mailUnreadMessages(t.database.db, { publicUrl: 'http://localhost:3000' });
      await t.deliverChannels();
    };
    await save({ messages: ['email', 'whatsapp'] });
    const before = t.phoneOutbox().length;
    await unreadFor16Minutes('Is the garden fenced?');
    expect(t.phoneOutbox().slice(before).map((m) => [m.channel, m.template])).toEqual([['whatsapp', 'notice:messages']]);
    // Its words name who wrote, never what: a lock screen or a shared phone shows them.
    expect(t.phoneOutbox().at(-1)!.text).not.toContain('garden');
    await call('POST', `/api/conversations/${chat}/read`, s.host, {});
    await save({ messages: ['email'] });
    await unreadFor16Minutes('Hello again?');
    expect(t.phoneOutbox().slice(before)).toHaveLength(1);
  });

  it('holds WhatsApp and SMS through quiet hours (not e-mail), and drops them unsent if the channel is turned off meanwhile', async () => {
    await save({ requests: ['email', 'whatsapp', 'sms'] }, { start: indiaMinute(-60), end: indiaMinute(60) });
    const before = t.phoneOutbox().length;
    const hostMail = () => t.mail.filter((m) => m.to === 'wa-host@example.com').length;
    const mails = hostMail();
    await request();
    expect(t.phoneOutbox()).toHaveLength(before);
    expect(hostMail()).toBe(mails + 1);
    const held = (await deliveries(t)).slice(-2);
    expect(held.map((d) => d.channel).sort()).toEqual(['sms', 'whatsapp']);
    // Held until the quiet hours end, about an hour from now.
    for (const d of held) expect(d.due_in_s!).toBeGreaterThan(55 * 60);
    await save({ requests: ['email', 'whatsapp'] }, null);
    await t.database.db.execute(sql`update notification_deliveries set next_attempt_at = now() where sent_at is null and dropped_at is null`);
    await t.deliverChannels();
    expect(t.phoneOutbox().slice(before).map((m) => m.channel)).toEqual(['whatsapp']);
    const sms = (await deliveries(t)).filter((d) => d.channel === 'sms').at(-1)!;
    expect(sms).toMatchObject({ dropped: true, last_error: 'SMS turned off for this topic' });
  });

  it('sends nothing to a number no longer verified, nor a notice already read in the app', async () => {
    await save({ requests: ['email', 'whatsapp'] }, { start: indiaMinute(-60), end: indiaMinute(60) });
    await request();
    const [notice] = (await call('GET', '/api/notifications', s.host)).json().items;
    await call('POST', `/api/notifications/${notice.id}/read`, s.host);
    await t.database.db.execute(sql`update notification_deliveries set next_attempt_at = now() where sent_at is null and dropped_at is null`);
    await t.deliverChannels();
    expect((await deliveries(t)).at(-1)).toMatchObject({ dropped: true, last_error: 'read in the app before it went' });
    await request();
    await call('PATCH', '/api/me', s.host, { phone: '98250 99999' });
    await t.database.db.execute(sql`update notification_deliveries set next_attempt_at = now() where sent_at is null and dropped_at is null`);
    await t.deliverChannels();
    expect((await deliveries(t)).at(-1)).toMatchObject({ dropped: true, last_error: 'no verified mobile number' });
    await verifyPhone(t, s.host, HOST_PHONE);
    await save({}, null);
  });

  it('shows what the test mode sent at /dev/outbox, newest first, by recipient', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(HOST_PHONE)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>Outbox (test mode)</h1>');
    expect(res.body).toContain('<td>WhatsApp</td><td>+919825012345</td><td>notice:requests</td>');
    expect(res.body).toContain('Your PawStay code is');
    // (The tests' mail is caught in memory; `npm start` writes it there too, shown as E-mail.)
    // Text from users is escaped, never markup.
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox?to=%3Cscript%3E' })).body).not.toContain('<script>');
  });

  it('takes STOP by SMS only at the secret address, and then not at all without SMS_INBOUND_TOKEN', async () => {
    await save({}, null);
    const res = await t.app.inject({ method: 'POST', url: '/api/sms/inbound?token=anything', payload: { sender: '919825012345', message: 'STOP' } });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/api/notifications/settings', s.host)).json().topics.requests).toContain('sms');
  });
});

describe('STOP by SMS', () => {
  const TOKEN = 'inbound-secret-0123456789';
  const t = useTestApp({ SMS_INBOUND_TOKEN: TOKEN });
  const { s, call, request } = useHostAndGuest(t, 'stop');
  const inbound = (token: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/sms/inbound?token=${token}`, payload });

  it('turns SMS off for every topic of the number\'s owner, and nothing else; a wrong token or a bad body changes nothing', async () => {
    expect((await inbound('wrong-token-0123456789', { sender: '919825012345', message: 'STOP' })).statusCode).toBe(404);
    expect((await inbound(TOKEN, { message: 'STOP' })).statusCode).toBe(400);
    expect((await inbound(TOKEN, { sender: '919825012345', message: 'Thanks!' })).json()).toEqual({ received: true });
    expect((await call('GET', '/api/notifications/settings', s.host)).json().topics.requests).toContain('sms');
    // MSG91's field names either way, the word in any case, with more after it.
    expect((await inbound(TOKEN, { mobile: '919825012345', content: ' stop please' })).json()).toEqual({ received: true });
    const after = (await call('GET', '/api/notifications/settings', s.host)).json();
    for (const channels of Object.values(after.topics as Record<string, string[]>)) expect(channels).not.toContain('sms');
    expect(after.topics.requests).toContain('whatsapp');
    const before = t.phoneOutbox().length;
    await request();
    expect(t.phoneOutbox().slice(before).map((m) => m.channel)).toEqual(['whatsapp']);
  });
});

describe('WhatsApp and SMS through their providers (a local server answering as their APIs do)', () => {
  let fake: Awaited<ReturnType<typeof startFakeProviders>>;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeProviders();
    Object.assign(env, {
      MSG91_AUTH_KEY: FAKE.msg91AuthKey,
      MSG91_SENDER_ID: 'PAWSTY',
      MSG91_TEMPLATES: 'default=tpl-notice,code=tpl-code',
      MSG91_API_URL: fake.msg91Url,
      WHATSAPP_ACCESS_TOKEN: FAKE.whatsappToken,
      WHATSAPP_PHONE_NUMBER_ID: FAKE.phoneNumberId,
      WHATSAPP_TEMPLATES: 'default=pawstay_update,requests=pawstay_request',
      WHATSAPP_TEMPLATE_LANGUAGES: 'en,gu',
      WHATSAPP_API_URL: fake.whatsappUrl,
    });
  });
  afterAll(() => fake.close());
  const t = useTestApp(env);
  // The code as MSG91 was asked to send it.
  const { request, s: people } = useHostAndGuest(t, 'live', () => String((fake.calls.filter((c) => c.body.template_id === 'tpl-code').at(-1)!.body.recipients as { var1: string }[])[0]!.var1));

  it('verifies the number by a code through MSG91, and sends a request by both providers', async () => {
    const codeCall = fake.calls.find((c) => c.provider === 'msg91' && c.body.template_id === 'tpl-code');
    expect(codeCall!.body.recipients).toEqual([{ mobiles: '919825012345', var1: expect.stringMatching(/^\d{6}$/) }]);
    fake.calls.length = 0;
    await request();
    expect(fake.calls.map((c) => [c.provider, c.provider === 'msg91' ? c.body.template_id : (c.body.template as { name: string }).name]).sort()).toEqual([['msg91', 'tpl-notice'], ['whatsapp', 'pawstay_request']]);
    expect(t.phoneOutbox()).toHaveLength(0);
  });

  it("sends a Gujarati reader WhatsApp's Gujarati translation of the template, and SMS in English where no Gujarati DLT template is registered", async () => {
    const call = api(t);
    await call('PUT', '/api/language', people.host, { locale: 'gu' });
    fake.calls.length = 0;
    await request();
    const wa = fake.calls.find((c) => c.provider === 'whatsapp')!.body.template as { language: { code: string }; components: { parameters: { text: string }[] }[] };
    expect(wa.language.code).toBe('gu');
    expect(wa.components[0]!.parameters[0]!.text).toMatch(/નવી બુકિંગ રિક્વેસ્ટ/);
    const sms = fake.calls.find((c) => c.provider === 'msg91')!.body;
    expect(sms.template_id).toBe('tpl-notice');
    expect((sms.recipients as { var1: string }[])[0]!.var1).toMatch(/^New booking request from /);
    await call('PUT', '/api/language', people.host, { locale: 'en' });
  });

  it('sends each delivery once with three workers at it, retries a provider that is down until it is back, and gives up to the operators, who send it again', async () => {
    const host = () => people.host;
    // Three workers at once, as three processes: each delivery leased to one. The deliveries are
    // held by quiet hours as they are queued, then all made due together.
    const call = api(t);
    await call('PUT', '/api/notifications/settings', host(), { topics: DEFAULT_TOPIC_CHANNELS, quiet: { start: indiaMinute(-60), end: indiaMinute(60) } });
    for (let i = 0; i < 3; i++) await request();
    fake.calls.length = 0;
    await t.database.db.execute(sql`update notification_deliveries set next_attempt_at = now() where sent_at is null and dropped_at is null`);
    const log = { error() {}, warn() {} };
    await Promise.all([1, 2, 3].map(() => deliverDue(t.database.db, t.app.channels, 'http://localhost:3000', log)));
    expect(fake.calls).toHaveLength(6);
    expect(new Set(fake.calls.map((c) => JSON.stringify(c.body))).size).toBe(6);
    await call('PUT', '/api/notifications/settings', host(), { topics: DEFAULT_TOPIC_CHANNELS, quiet: null });

    // Down for the first attempts: kept, tried again after the wait, sent once it is back.
    fake.failNext(2);
    fake.calls.length = 0;
    await request();
    let rows = (await deliveries(t)).slice(-2);
    expect(rows.every((d) => !d.sent && d.attempts === 1 && d.last_error?.includes('503'))).toBe(true);
    expect(rows.every((d) => d.due_in_s! > 50)).toBe(true);
    await t.database.db.execute(sql`update notification_deliveries set next_attempt_at = now() where sent_at is null and dropped_at is null`);
    await t.deliverChannels();
    rows = (await deliveries(t)).slice(-2);
    expect(rows.every((d) => d.sent && d.attempts === 2)).toBe(true);

    // Down for good: given up after the last attempt, listed for the operators, sent again by one.
    fake.failNext(1000);
    await request();
    for (let i = 0; i < DELIVERY_POLICY.maxAttempts; i++) {
      await t.database.db.execute(sql`update notification_deliveries set next_attempt_at = now() where sent_at is null and dropped_at is null and next_attempt_at <> 'infinity'`);
      await t.deliverChannels();
    }
    fake.failNext(0);
    const operator = await signIn(t, 'live-ops@example.com');
    await setOperator(t.database.db, 'live-ops@example.com', true);
    const dead = (await api(t)('GET', '/api/ops/deliveries', operator)).json().results.filter((d: { channel: string }) => d.channel !== 'email');
    expect(dead.map((d: { channel: string; to: string; attempts: number }) => [d.channel, d.to, d.attempts]).sort()).toEqual([['sms', HOST_PHONE, DELIVERY_POLICY.maxAttempts], ['whatsapp', HOST_PHONE, DELIVERY_POLICY.maxAttempts]]);
    expect(dead[0].last_error).toContain('503');
    const retried = await api(t)('POST', `/api/ops/deliveries/${dead[0].id}/retry`, operator, { reason: 'MSG91 is back up since 10:40' });
    expect(retried.statusCode).toBe(200);
    expect((await deliveries(t)).find((d) => d.id === dead[0].id)).toMatchObject({ sent: true, attempts: 1 });
    expect((await api(t)('POST', `/api/ops/deliveries/${dead[0].id}/retry`, operator, { reason: 'MSG91 is back up since 10:40' })).statusCode).toBe(404);
  });

  it('drops a WhatsApp message to a number not on WhatsApp without retrying it', async () => {
    fake.notOnWhatsApp('919825012345');
    await request();
    const wa = (await deliveries(t)).filter((d) => d.channel === 'whatsapp').at(-1)!;
    expect(wa).toMatchObject({ dropped: true, attempts: 1 });
    expect(wa.last_error).toContain('Message undeliverable (131026)');
  });
});
