import { describe, expect, it } from 'vitest';
import { fillIn } from '../fill-in';
import { NOTICE_KIND_NAMES, noticeText, topicOf, type Words } from './notices';

/** English, as an English page words a notice: the texts as written. */
const en: Words = { locale: 'en', say: fillIn };
import { CHANNELS, type Channel, DEFAULT_NOTIFICATION_SETTINGS, quietUntil, routeNotice, settingsWithDefaults } from './routing';

const all = new Set<Channel>(CHANNELS);
/** An instant by India's clock on 2026-12-01. */
const india = (hh: number, mm = 0) => new Date(Date.UTC(2026, 11, 1, hh, mm) - 330 * 60_000);

describe('quiet hours', () => {
  const night = { start: 22 * 60, end: 7 * 60 };
  it('holds from 10 pm to 7 am India time, across midnight', () => {
    expect(quietUntil(night, india(21, 59))).toBeUndefined();
    expect(quietUntil(night, india(22, 0))).toEqual(india(31, 0));
    expect(quietUntil(night, india(2, 30))).toEqual(india(7, 0));
    expect(quietUntil(night, india(6, 59))).toEqual(india(7, 0));
    expect(quietUntil(night, india(7, 0))).toBeUndefined();
  });
  it('takes a window within one day, and none', () => {
    const afternoon = { start: 13 * 60, end: 15 * 60 };
    expect(quietUntil(afternoon, india(12, 59))).toBeUndefined();
    expect(quietUntil(afternoon, india(14, 0))).toEqual(india(15, 0));
    expect(quietUntil(null, india(23))).toBeUndefined();
    expect(quietUntil({ start: 600, end: 600 }, india(10))).toBeUndefined();
  });
});

describe('routing a notice', () => {
  const settings = DEFAULT_NOTIFICATION_SETTINGS;
  it('sends a request by every channel the user has, and only those', () => {
    const now = india(12);
    expect(routeNotice({ kind: 'request_received', settings, reachable: all, now }).map((d) => d.channel)).toEqual(['email', 'push', 'whatsapp', 'sms']);
    expect(routeNotice({ kind: 'request_received', settings, reachable: new Set(['email']), now })).toEqual([{ channel: 'email', at: now }]);
    expect(routeNotice({ kind: 'request_received', settings, reachable: new Set(), now })).toEqual([]);
  });
  it('sends messages by push and e-mail by default, never WhatsApp or SMS', () => {
    expect(routeNotice({ kind: 'new_messages', settings, reachable: all, now: india(12) }).map((d) => d.channel)).toEqual(['email', 'push']);
  });
  it('holds the interrupting channels through quiet hours, not e-mail', () => {
    const now = india(23, 15);
    expect(routeNotice({ kind: 'payment_due_soon', settings, reachable: all, now })).toEqual([
      { channel: 'email', at: now },
      { channel: 'push', at: india(31) },
      { channel: 'whatsapp', at: india(31) },
      { channel: 'sms', at: india(31) },
    ]);
  });
  it('sends an urgent problem at once, even at night', () => {
    const now = india(2);
    expect(routeNotice({ kind: 'incident_urgent', settings, reachable: all, now }).every((d) => d.at === now)).toBe(true);
    expect(routeNotice({ kind: 'incident_opened', settings, reachable: all, now }).find((d) => d.channel === 'sms')?.at).toEqual(india(7));
    // Resolving one is not urgent.
    expect(routeNotice({ kind: 'incident_resolved', settings, reachable: all, now }).find((d) => d.channel === 'push')?.at).toEqual(india(7));
  });
  it("follows the user's choice per topic, over the defaults", () => {
    const chosen = settingsWithDefaults({ topics: { requests: ['whatsapp'], messages: [] }, quiet: null });
    const now = india(23);
    expect(routeNotice({ kind: 'request_received', settings: chosen, reachable: all, now })).toEqual([{ channel: 'whatsapp', at: now }]);
    expect(routeNotice({ kind: 'new_messages', settings: chosen, reachable: all, now })).toEqual([]);
    // Topics not chosen keep their defaults; no quiet hours when turned off.
    expect(routeNotice({ kind: 'payout_paid', settings: chosen, reachable: all, now })).toEqual([
      { channel: 'email', at: now },
      { channel: 'push', at: now },
    ]);
  });
  it('keeps the channels in one order whatever order they were saved in', () => {
    expect(settingsWithDefaults({ topics: { stay: ['sms', 'email'] } }).topics.stay).toEqual(['email', 'sms']);
    expect(settingsWithDefaults(null)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});

describe("a notice's words", () => {
  const facts = {
    booking_id: '00000000-0000-4000-8000-000000000001',
    conversation_id: '00000000-0000-4000-8000-000000000002',
    listing_title: 'Garden home in Bodakdev',
    name: 'Aditi',
    start_date: '2026-12-10',
    end_date: '2026-12-13',
    amount_paise: 512_300,
    at: '2026-12-01T13:00:00.000Z',
    count: 2,
    role: 'guest' as const,
    approved: true,
  };
  it('has a title, a body and a path in the app for every kind', () => {
    for (const kind of NOTICE_KIND_NAMES) {
      const t = noticeText(kind, facts, en);
      expect(t.title.length, kind).toBeGreaterThan(0);
      expect(t.body.length, kind).toBeGreaterThan(0);
      expect(t.link, kind).toMatch(/^\/[a-z]/);
      expect(topicOf(kind)).toBeTruthy();
    }
  });
  it('says the deadline and the total a lock screen may show', () => {
    expect(noticeText('request_accepted', facts, en)).toEqual({
      title: 'Accepted: pay to confirm your stay',
      body: 'Pay ₹5,123 by 1 Dec, 6:30 pm for Garden home in Bodakdev, Dec 10 - Dec 13.',
      link: '/dashboard',
    });
  });
  it('shows no amount but the stay\'s total to its guest, and no message text, on a lock screen', () => {
    const shown = new Set<string>();
    for (const kind of NOTICE_KIND_NAMES) {
      const t = noticeText(kind, { ...facts, amount_paise: 777_700 }, en);
      if (`${t.title} ${t.body}`.includes('₹')) shown.add(kind);
    }
    expect([...shown].sort()).toEqual(['booking_confirmed', 'payment_due_soon', 'request_accepted']);
  });

  it('links each side to where it acts', () => {
    expect(noticeText('booking_confirmed', { ...facts, role: 'host' }, en).link).toBe('/host?tab=requests');
    expect(noticeText('booking_confirmed', facts, en).link).toBe('/dashboard');
    expect(noticeText('stay_update', facts, en).link).toBe(`/stays/${facts.booking_id}`);
    expect(noticeText('new_messages', facts, en)).toMatchObject({ body: '2 unread messages about Garden home in Bodakdev.', link: `/messages/${facts.conversation_id}` });
  });
});
