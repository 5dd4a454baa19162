import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE, startFakeProviders } from '../test/phone-providers';
import { phoneText, UndeliverableError } from './message';
import { msg91Sender } from './msg91';
import { whatsAppSender } from './whatsapp-cloud';

// The adapters against a local server that checks requests and answers as MSG91's Flow API and
// WhatsApp's Cloud API document (fake-providers.ts).

let fake: Awaited<ReturnType<typeof startFakeProviders>>;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake.close());

const notice = { kind: 'notice', to: '+919876543210', locale: 'en', topic: 'requests', title: 'New request for Cosy flat', body: 'Aditi asks\nfor 12 to 14 Dec.     Answer within 24 hours.', url: 'https://pawstay.in/host?tab=requests' } as const;

describe('MSG91 (SMS)', () => {
  const sms = () => msg91Sender({ authKey: FAKE.msg91AuthKey, senderId: 'PAWSTY', apiUrl: fake.msg91Url, templates: { en: { default: 'tpl-notice', requests: 'tpl-requests', code: 'tpl-code' }, gu: { default: 'tpl-notice-gu', code: 'tpl-code-gu' } } });

  it('sends a code and a notice as Flow calls: the authkey, the DLT template of each, the number without its plus, the values in order', async () => {
    fake.calls.length = 0;
    await sms().send({ kind: 'code', to: '+919876543210', locale: 'en', code: '042137' }, 'c1');
    await sms().send(notice, 'd1');
    await sms().send({ ...notice, topic: 'stay' }, 'd2');
    expect(fake.calls.map((c) => [c.path, c.headers.authkey, c.body.template_id, c.body.sender])).toEqual([
      ['/api/v5/flow', FAKE.msg91AuthKey, 'tpl-code', 'PAWSTY'],
      ['/api/v5/flow', FAKE.msg91AuthKey, 'tpl-requests', 'PAWSTY'],
      ['/api/v5/flow', FAKE.msg91AuthKey, 'tpl-notice', 'PAWSTY'],
    ]);
    expect(fake.calls[0]!.body.recipients).toEqual([{ mobiles: '919876543210', var1: '042137' }]);
    // One line each: a DLT template matches a single line.
    expect(fake.calls[1]!.body.recipients).toEqual([{ mobiles: '919876543210', var1: 'New request for Cosy flat', var2: 'Aditi asks for 12 to 14 Dec. Answer within 24 hours.', var3: notice.url }]);
    expect(phoneText(notice)).toBe(`PawStay: New request for Cosy flat. Aditi asks for 12 to 14 Dec. Answer within 24 hours. ${notice.url}`);
  });

  it("takes a Gujarati reader's templates (registered as Unicode) where there are some, and says the languages it speaks", async () => {
    fake.calls.length = 0;
    await sms().send({ kind: 'code', to: '+919876543210', locale: 'gu', code: '042137' }, 'c1');
    await sms().send({ ...notice, locale: 'gu', title: 'નવી વિનંતી' }, 'd1');
    expect(fake.calls.map((c) => c.body.template_id)).toEqual(['tpl-code-gu', 'tpl-notice-gu']);
    expect(fake.calls[1]!.body.recipients).toMatchObject([{ var1: 'નવી વિનંતી' }]);
    expect(sms().languages).toEqual(['en', 'gu']);
    expect(phoneText({ kind: 'code', to: '+919876543210', locale: 'gu', code: '042137' })).toBe('તમારો PawStay કોડ 042137 છે. એ આ નંબરની ખાતરી કરે છે અને 10 મિનિટમાં પૂરો થાય છે. કોઈને આપશો નહીં. - PawStay');
  });

  it("throws with MSG91's own words when it refuses (a wrong authkey) or is down", async () => {
    const wrongKey = msg91Sender({ authKey: 'not-the-key', senderId: 'PAWSTY', apiUrl: fake.msg91Url, templates: { en: { default: 'tpl' } } });
    await expect(wrongKey.send(notice, 'd')).rejects.toThrow('MSG91 answered 401: Authentication failure');
    fake.failNext(1);
    await expect(sms().send(notice, 'd')).rejects.toThrow('MSG91 answered 503: Service unavailable');
    await expect(sms().send(notice, 'd')).resolves.toBeUndefined();
  });
});

describe('WhatsApp Cloud API', () => {
  const wa = () => whatsAppSender({ accessToken: FAKE.whatsappToken, phoneNumberId: FAKE.phoneNumberId, apiUrl: fake.whatsappUrl, languages: { en: 'en', hi: 'hi' }, templates: { default: 'pawstay_update', requests: 'pawstay_request' } });

  it('sends a notice as an approved template message: Bearer token, the number id in the path, one-line values', async () => {
    fake.calls.length = 0;
    await wa().send(notice, 'd1');
    const [call] = fake.calls;
    expect(call!.path).toBe(`/v21.0/${FAKE.phoneNumberId}/messages`);
    expect(call!.headers.authorization).toBe(`Bearer ${FAKE.whatsappToken}`);
    expect(call!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'pawstay_request',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: ['New request for Cosy flat', 'Aditi asks for 12 to 14 Dec. Answer within 24 hours.', notice.url].map((text) => ({ type: 'text', text })) }],
      },
    });
  });

  it("names the template's translation in the reader's language where one is approved", async () => {
    fake.calls.length = 0;
    await wa().send({ ...notice, locale: 'hi', title: 'नया अनुरोध' }, 'd1');
    expect(fake.calls[0]!.body).toMatchObject({ template: { name: 'pawstay_request', language: { code: 'hi' }, components: [{ parameters: [{ text: 'नया अनुरोध' }, {}, {}] }] } });
    expect(wa().languages).toEqual(['en', 'hi']);
  });

  it('says a number not on WhatsApp cannot be reached (no retry); any other refusal is an error to retry; codes go by SMS only', async () => {
    fake.notOnWhatsApp('919812345678');
    await expect(wa().send({ ...notice, to: '+919812345678' }, 'd')).rejects.toBeInstanceOf(UndeliverableError);
    fake.failNext(1);
    const down = await wa().send(notice, 'd').catch((e: unknown) => e);
    expect(down).not.toBeInstanceOf(UndeliverableError);
    expect(String(down)).toContain('WhatsApp answered 503: Service temporarily unavailable (2)');
    const badToken = whatsAppSender({ accessToken: 'EAAwrong-token-123456', phoneNumberId: FAKE.phoneNumberId, apiUrl: fake.whatsappUrl, languages: { en: 'en', hi: 'hi' }, templates: { default: 'x' } });
    await expect(badToken.send(notice, 'd')).rejects.toThrow('Invalid OAuth access token - Cannot parse access token (190)');
    await expect(wa().send({ kind: 'code', to: '+919876543210', locale: 'en', code: '123456' }, 'c')).rejects.toBeInstanceOf(UndeliverableError);
  });
});
