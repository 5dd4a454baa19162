import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { addPet, api, inDays } from './test-support';

// Issue 39: e-mails in the language their recipient chose (decision 067), whoever's request made
// them: the host's in the host's, the guest's in the guest's; English for one who chose none.

describe("a booking's e-mails in each recipient's language", () => {
  const t = useTestApp();
  const call = api(t);

  it("writes the request to a Gujarati host in Gujarati and the answer to a Hindi guest in Hindi, from an English guest's and host's requests", async () => {
    const host = await signIn(t, 'lang-host@example.com');
    const guest = await signIn(t, 'lang-guest@example.com');
    const home = await createListing(t, host, { title: 'Courtyard home in Paldi' });
    await addPet(t, guest, { name: 'Bruno', size: 'm' });
    expect((await call('PUT', '/api/language', host, { locale: 'gu' })).statusCode).toBe(200);

    const asked = await call('POST', '/api/bookings/create', guest, { listingId: home.id, fromDate: inDays(10), toDate: inDays(13), size: 'medium', note: '' });
    expect(asked.statusCode).toBe(201);
    const request = t.mail.findLast((m) => m.to === 'lang-host@example.com')!;
    expect(request.subject).toMatch(/નવી બુકિંગ રિક્વેસ્ટ: Courtyard home in Paldi, \d+(–| – )/);
    expect(request.text).toContain('Bruno (કૂતરો, ');
    expect(request.text).toContain('3 રાત');
    expect(request.text).toContain('₹4,275');
    expect(request.html).toContain('<html lang="gu">');
    expect(`${request.subject} ${request.text} ${request.html}`).not.toMatch(/New booking request|Your payout|Please accept|Pet-friendly stays/);

    await call('PUT', '/api/language', guest, { locale: 'hi' });
    expect((await call('POST', `/api/bookings/${asked.json().id}/accept`, host)).statusCode).toBe(200);
    const accepted = t.mail.findLast((m) => m.to === 'lang-guest@example.com')!;
    expect(accepted.text).toMatch(/₹4,725/);
    expect(accepted.text).toMatch(/होस्ट ने/);
    expect(accepted.html).toContain('<html lang="hi">');
    expect(`${accepted.subject} ${accepted.text}`).not.toMatch(/Good news|Pay now|Your bookings|\b(am|pm)\b/);
  });

  it('writes in English to a user who chose no language', async () => {
    const host = await signIn(t, 'lang-host2@example.com');
    const guest = await signIn(t, 'lang-guest2@example.com');
    const home = await createListing(t, host, { title: 'Terrace flat in Navrangpura' });
    await addPet(t, guest, { name: 'Simba', size: 's' });
    await call('PUT', '/api/language', guest, { locale: 'gu' });
    expect((await call('POST', '/api/bookings/create', guest, { listingId: home.id, fromDate: inDays(20), toDate: inDays(21), size: 'small', note: '' })).statusCode).toBe(201);
    const request = t.mail.findLast((m) => m.to === 'lang-host2@example.com')!;
    expect(request.subject).toMatch(/New booking request: Terrace flat in Navrangpura, [A-Z][a-z]{2} \d{2} - [A-Z][a-z]{2} \d{2}$/);
    expect(request.text).toContain('Simba (dog, small (under 10kg))');
    expect(request.html).toContain('<html lang="en">');
  });
});
