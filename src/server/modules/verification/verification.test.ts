import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCallSlot, VERIFICATION_MESSAGES } from '../../../domain/verification';
import { VERIFICATION_MAIL_SUBJECTS } from '../../mail/verification';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing, multipartBody, testJpeg, uploadPhotos } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { api, userIdOf } from '../bookings/test-support';
import { NoSuchAccountError, setOperator } from '../ops';
import { deleteDueIdFiles } from './service';

// Host verification through the real app (issue 23): the host's three steps, the ID kept private
// (no URL but the operators' route reaches it), the operator's decision badging every listing of
// the host at once, the record of every operator action, and the ID deleted 30 days after.

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f1c3a80000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('host verification', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;

  const idsDir = () => path.join(t.dataDir, 'private', 'id-documents');
  const storedIdFiles = () => (existsSync(idsDir()) ? readdirSync(idsDir()) : []);

  async function uploadId(cookie: string, file: { content: Buffer; filename?: string; type?: string } | null, idType: string | null = 'pan') {
    const { payload, headers } = await multipartBody(
      file ? [{ filename: file.filename ?? 'id.png', content: file.content, type: file.type ?? 'image/png', field: 'file' }] : [],
      idType === null ? {} : { id_type: idType },
    );
    return t.app.inject({ method: 'PUT', url: '/api/host/verification/id-document', headers: { ...headers, cookie }, payload });
  }

  /** A host with a listing that has a photo, signed in. */
  async function hostWithPhotos() {
    n++;
    const email = `vf-host${n}@example.com`;
    const host = await signIn(t, email);
    const listing = await createListing(t, host);
    const up = await uploadPhotos(t, host, listing.id, [{ filename: 'home.jpg', content: await testJpeg() }]);
    expect(up.statusCode).toBe(201);
    return { host, email, listing };
  }

  /** A host whose verification is under review. */
  async function submitted() {
    const h = await hostWithPhotos();
    expect((await uploadId(h.host, { content: PNG })).statusCode).toBe(200);
    expect((await call('PUT', '/api/host/verification/photos', h.host, { confirmed: true })).statusCode).toBe(200);
    const slots = (await call('GET', '/api/host/verification', h.host)).json().slots as { starts: string[] }[];
    // Each host its own slot: one host per slot is the rule.
    const all = slots.flatMap((d) => d.starts);
    expect((await call('PUT', '/api/host/verification/call', h.host, { starts_at: all[n % all.length] })).statusCode).toBe(200);
    const sent = await call('POST', '/api/host/verification/submit', h.host);
    expect(sent.statusCode).toBe(200);
    const [row] = await rawRows<{ id: string }>(t.database.db, sql`select id from host_verifications where host_id = ${await userIdOf(t, h.host)} and status = 'submitted'`);
    return { ...h, id: row!.id };
  }

  async function operator() {
    n++;
    const email = `vf-ops${n}@example.com`;
    const cookie = await signIn(t, email);
    await setOperator(t.database.db, email, true);
    return { cookie, email };
  }

  it('walks a host through the three steps to "under review", e-mailing them at each, and keeps each step until then', async () => {
    n++;
    const email = `vf-new${n}@example.com`;
    const mailed = (subject: string) => t.mail.filter((m) => m.to === email && m.subject === subject);
    const host = await signIn(t, email);
    const fresh = await call('GET', '/api/host/verification', host);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ status: 'none', verified: false, id_document: null, photos_confirmed: false, photo_count: 0, call_at: null });
    expect(fresh.json().slots).toHaveLength(5);

    // Photos first need photos.
    const noPhotos = await call('PUT', '/api/host/verification/photos', host, { confirmed: true });
    expect(noPhotos.statusCode).toBe(400);
    expect(noPhotos.json().error.message).toBe(VERIFICATION_MESSAGES.noPhotos);
    // Sending before the steps are done says what is missing.
    expect((await call('POST', '/api/host/verification/submit', host)).json().error.message).toBe(VERIFICATION_MESSAGES.incomplete);

    const listing = await createListing(t, host);
    await uploadPhotos(t, host, listing.id, [{ filename: 'home.jpg', content: await testJpeg() }]);
    const withId = await uploadId(host, { content: PDF, filename: 'pan.pdf', type: 'application/pdf' });
    expect(withId.statusCode).toBe(200);
    expect(withId.json()).toMatchObject({ status: 'draft', id_document: { type: 'pan' }, photo_count: 1 });
    // The answer says what was sent, never where it is; nor does the e-mail, which names its kind only.
    const [stored] = await rawRows<{ key: string }>(t.database.db, sql`select id_file_key as key from host_verifications where host_id = ${await userIdOf(t, host)}`);
    expect(withId.body).not.toContain(stored!.key);
    const idMail = mailed(VERIFICATION_MAIL_SUBJECTS.idReceived);
    expect(idMail).toHaveLength(1);
    expect(idMail[0]!.text).toContain('we have your ID (PAN card)');
    for (const body of [idMail[0]!.text, idMail[0]!.html]) {
      expect(body).not.toContain(stored!.key);
      expect(body).not.toContain('%PDF');
    }
    expect((await call('PUT', '/api/host/verification/photos', host, { confirmed: true })).json().photos_confirmed).toBe(true);

    const slot = fresh.json().slots[1].starts[3] as string;
    const notOffered = await call('PUT', '/api/host/verification/call', host, { starts_at: '2020-01-01T04:00:00.000Z' });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().error.message).toBe(VERIFICATION_MESSAGES.slot);
    const chosen = await call('PUT', '/api/host/verification/call', host, { starts_at: slot });
    expect(chosen.json().call_at).toBe(slot);
    // The time as India's clock shows it; once, however often the same time is chosen.
    const callMail = mailed(VERIFICATION_MAIL_SUBJECTS.callChosen);
    expect(callMail).toHaveLength(1);
    expect(callMail[0]!.text).toContain(`You chose ${formatCallSlot(slot)} (India time)`);
    expect((await call('PUT', '/api/host/verification/call', host, { starts_at: slot })).statusCode).toBe(200);
    expect(mailed(VERIFICATION_MAIL_SUBJECTS.callChosen)).toHaveLength(1);

    const sent = await call('POST', '/api/host/verification/submit', host);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'submitted', verified: false, call_at: slot });
    const mail = mailed(VERIFICATION_MAIL_SUBJECTS.received);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('(India time)');

    // Under review: nothing can be changed until it is decided.
    const again = await uploadId(host, { content: PNG });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(VERIFICATION_MESSAGES.underReview);
    // A refused step e-mails nothing: its mail is queued in its transaction.
    expect(mailed(VERIFICATION_MAIL_SUBJECTS.idReceived)).toHaveLength(1);
    expect((await call('POST', '/api/host/verification/submit', host)).statusCode).toBe(409);
  });

  it('takes a JPEG, PNG or PDF only, judged by its content, and keeps nothing of a refused file', async () => {
    const { host } = await hostWithPhotos();
    const before = storedIdFiles().length;
    const refusals = [
      await uploadId(host, { content: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'id.png', type: 'image/png' }),
      await uploadId(host, { content: Buffer.from('MZ\x90\x00 not an image'), filename: 'id.jpg', type: 'image/jpeg' }),
      await uploadId(host, { content: Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '), filename: 'id.webp', type: 'image/webp' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(VERIFICATION_MESSAGES.idFileType);
    }
    expect((await uploadId(host, { content: PNG }, null)).json().error.message).toBe(VERIFICATION_MESSAGES.idType);
    expect((await uploadId(host, { content: PNG }, 'aadhaar')).json().error.message).toBe(VERIFICATION_MESSAGES.idType);
    expect((await uploadId(host, null)).json().error.message).toBe(VERIFICATION_MESSAGES.idFile);
    const big = await uploadId(host, { content: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(413);
    const json = await t.app.inject({ method: 'PUT', url: '/api/host/verification/id-document', headers: { cookie: host }, payload: { id_type: 'pan' } });
    expect(json.statusCode).toBe(415);
    expect(storedIdFiles()).toHaveLength(before);
    expect((await call('GET', '/api/host/verification', host)).json().status).toBe('none');

    // A second ID replaces the first, whose file goes.
    await uploadId(host, { content: PNG });
    await uploadId(host, { content: PDF, filename: 'passport.pdf', type: 'application/pdf' }, 'passport');
    expect(storedIdFiles()).toHaveLength(before + 1);
    expect((await call('GET', '/api/host/verification', host)).json().id_document.type).toBe('passport');
    expect((await call('GET', '/api/host/verification')).statusCode).toBe(401);
  });

  it('serves the ID file to operators only, never cached, and records each opening; no other URL reaches it', async () => {
    const { host, id } = await submitted();
    const ops = await operator();
    const [{ key }] = (await rawRows<{ key: string }>(t.database.db, sql`select id_file_key as key from host_verifications where id = ${id}`)) as [{ key: string }];
    const stranger = await signIn(t, `vf-stranger${n}@example.com`);

    const url = `/api/ops/verifications/${id}/id-document`;
    for (const cookie of [undefined, stranger, host]) {
      const res = await call('GET', url, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.rawPayload.includes(PNG)).toBe(false);
    }
    // Every way to name the stored file that a web server might resolve.
    const guesses = [
      `/uploads/../private/id-documents/${key}`,
      `/uploads/%2e%2e/private/id-documents/${key}`,
      `/uploads/..%2fprivate%2fid-documents%2f${key}`,
      `/private/id-documents/${key}`,
      `/id-documents/${key}`,
      `/uploads/${key}`,
      `/uploads/id-documents/${key}`,
      `/data/private/id-documents/${key}`,
    ];
    for (const guess of guesses) {
      const res = await t.app.inject({ method: 'GET', url: guess, headers: { cookie: ops.cookie } });
      expect(res.rawPayload.includes(PNG), guess).toBe(false);
    }

    const res = await call('GET', url, ops.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
    const history = await call('GET', `/api/ops/history?target_type=verification&target_id=${id}`, ops.cookie);
    expect(history.json().results).toEqual([expect.objectContaining({ action: 'view_id_document', operator: ops.email, reason: null })]);
    // Not in the queue's answer either: only whether it is there.
    const queue = await call('GET', '/api/ops/verifications', ops.cookie);
    expect(queue.body).not.toContain(key);
    expect(queue.json().results.find((r: { id: string }) => r.id === id)).toMatchObject({ id_document_type: 'pan', id_document_available: true });
  });

  it('answers every operators’ route as unknown to anyone who is not an operator, whatever they send', async () => {
    const { id } = await submitted();
    const member = await signIn(t, `vf-member${++n}@example.com`);
    const routes: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['GET', '/api/ops/verifications'],
      ['GET', `/api/ops/verifications/${id}/id-document`],
      ['POST', `/api/ops/verifications/${id}/approve`],
      ['POST', `/api/ops/verifications/${id}/reject`, { reason: 'A reason that is long enough' }],
      ['POST', `/api/ops/verifications/${id}/reject`, { reason: 1 }],
      ['POST', '/api/ops/verifications/not-a-uuid/approve'],
      ['GET', `/api/ops/history?target_type=verification&target_id=${id}`],
      ['GET', '/api/ops/history?target_type=nope'],
    ];
    for (const cookie of [undefined, member]) {
      for (const [method, url, body] of routes) {
        const res = await call(method, url, cookie, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        // Word for word what a path that does not exist answers.
        expect(res.json(), `${method} ${url}`).toEqual({ error: { code: 'not_found', message: `No route for ${method} ${url.split('?')[0]}` } });
      }
      // A body that cannot even be parsed is answered alike.
      const broken = await t.app.inject({ method: 'POST', url: `/api/ops/verifications/${id}/reject`, headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' }, payload: '{"reason":' });
      expect(broken.statusCode).toBe(404);
    }
    // Whatever is sent, an operators' route and a made-up path answer alike, before the body is read.
    const probes: { method: 'GET' | 'POST'; query?: string; body?: string; type?: string }[] = [
      { method: 'GET', query: 'a=%00' },
      { method: 'POST', body: '{"reason":', type: 'application/json' },
      { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024), type: 'application/json' },
      { method: 'POST', body: '--x\r\n', type: 'multipart/form-data; boundary=x' },
    ];
    for (const cookie of [undefined, member]) {
      for (const probe of probes) {
        const answers = await Promise.all(
          [`/api/ops/verifications/${id}/reject`, '/api/opz/verifications/nothing'].map((path) =>
            t.app.inject({ method: probe.method, url: `${path}${probe.query ? `?${probe.query}` : ''}`, headers: { ...(cookie ? { cookie } : {}), ...(probe.type ? { 'content-type': probe.type } : {}) }, ...(probe.body ? { payload: probe.body } : {}) }),
          ),
        );
        expect(answers.map((a) => [a.statusCode, a.json().error.code]), JSON.stringify(probe).slice(0, 80)).toEqual([
          [404, 'not_found'],
          [404, 'not_found'],
        ]);
      }
    }
    // Nor does the public API document name them.
    expect((await call('GET', '/api/openapi.json')).body).not.toContain('/api/ops');
    // Nothing was decided.
    expect((await rawRows<{ status: string }>(t.database.db, sql`select status from host_verifications where id = ${id}`))[0]!.status).toBe('submitted');
  });

  it('approves: the host and every listing of theirs are verified at once, in search and on the page, and new ones too', async () => {
    const { host, email, listing, id } = await submitted();
    const ops = await operator();
    const cityBefore = await call('GET', `/api/search?city=${encodeURIComponent(listing.city)}&verified=true`);
    expect(cityBefore.json().results.map((r: { id: string }) => r.id)).not.toContain(listing.id);
    expect((await call('GET', `/api/listings/${listing.id}`)).json().verified).toBe(false);

    const approved = await call('POST', `/api/ops/verifications/${id}/approve`, ops.cookie);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ id, status: 'approved' });
    expect((await call('GET', `/api/listings/${listing.id}`)).json().verified).toBe(true);
    const cityAfter = await call('GET', `/api/search?city=${encodeURIComponent(listing.city)}&verified=true`);
    expect(cityAfter.json().results.map((r: { id: string }) => r.id)).toContain(listing.id);
    expect((await call('GET', '/api/host/verification', host)).json()).toMatchObject({ status: 'approved', verified: true, reason: null });
    expect(t.mail.filter((m) => m.to === email && m.subject === VERIFICATION_MAIL_SUBJECTS.approved)).toHaveLength(1);
    const later = await createListing(t, host);
    expect(later.verified).toBe(true);

    // Decided once: a second decision is refused, and the verified host cannot apply again.
    expect((await call('POST', `/api/ops/verifications/${id}/approve`, ops.cookie)).statusCode).toBe(409);
    expect((await call('POST', `/api/ops/verifications/${id}/reject`, ops.cookie, { reason: 'Changed my mind about this one' })).statusCode).toBe(409);
    expect((await uploadId(host, { content: PNG })).json().error.message).toBe(VERIFICATION_MESSAGES.alreadyVerified);
    const history = (await call('GET', `/api/ops/history?target_type=verification&target_id=${id}`, ops.cookie)).json().results;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['approve_verification']);
  });

  it('rejects with a reason the host reads and is e-mailed; the host may try again', async () => {
    const { host, email, listing, id } = await submitted();
    const ops = await operator();
    const short = await call('POST', `/api/ops/verifications/${id}/reject`, ops.cookie, { reason: 'No' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(VERIFICATION_MESSAGES.reason);
    const reason = 'The name on the PAN card does not match the name on your account.';
    expect((await call('POST', `/api/ops/verifications/${id}/reject`, ops.cookie, { reason })).json()).toEqual({ id, status: 'rejected' });
    expect((await call('GET', '/api/host/verification', host)).json()).toMatchObject({ status: 'rejected', verified: false, reason });
    expect((await call('GET', `/api/listings/${listing.id}`)).json().verified).toBe(false);
    const mail = t.mail.filter((m) => m.to === email && m.subject === VERIFICATION_MAIL_SUBJECTS.rejected);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(reason);
    const history = (await call('GET', `/api/ops/history?target_type=verification&target_id=${id}`, ops.cookie)).json().results;
    expect(history).toEqual([expect.objectContaining({ action: 'reject_verification', reason, operator: ops.email })]);
    // Out of the queue, the decision stays on the host's account (whose view links each request's history).
    const account = (await call('GET', `/api/ops/users/${await userIdOf(t, host)}`, ops.cookie)).json();
    expect(account.verifications).toEqual([{ id, status: 'rejected', submitted_at: expect.any(String), decided_at: expect.any(String), reason }]);

    // Trying again starts a new attempt, from the first step.
    const retry = await uploadId(host, { content: PNG });
    expect(retry.json()).toMatchObject({ status: 'draft', photos_confirmed: false, call_at: null, reason: null });
    // The new draft is the host's own until it is sent: the account shows the decided request alone.
    expect((await call('GET', `/api/ops/users/${await userIdOf(t, host)}`, ops.cookie)).json().verifications.map((v: { id: string }) => v.id)).toEqual([id]);
  });

  it('gives one call slot to one host: the second to send it is asked to choose another', async () => {
    const a = await hostWithPhotos();
    const b = await hostWithPhotos();
    const slot = (await call('GET', '/api/host/verification', a.host)).json().slots[4].starts.at(-1) as string;
    for (const h of [a, b]) {
      await uploadId(h.host, { content: PNG });
      await call('PUT', '/api/host/verification/photos', h.host, { confirmed: true });
      expect((await call('PUT', '/api/host/verification/call', h.host, { starts_at: slot })).statusCode).toBe(200);
    }
    const [first, second] = await Promise.all([call('POST', '/api/host/verification/submit', a.host), call('POST', '/api/host/verification/submit', b.host)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json().error.message).toBe(VERIFICATION_MESSAGES.slotTaken);
  });

  it('deletes the ID file 30 days after the decision, an approval or a rejection, not before, and says so to the operator', async () => {
    const ops = await operator();
    const files = t.storage.idDocuments;
    const log = { warn() {} };
    for (const decide of ['approve', 'reject'] as const) {
      const { id } = await submitted();
      expect((await call('POST', `/api/ops/verifications/${id}/${decide}`, ops.cookie, decide === 'reject' ? { reason: 'The photo of the ID is too blurred to read.' } : undefined)).statusCode).toBe(200);
      const [{ key }] = (await rawRows<{ key: string }>(t.database.db, sql`select id_file_key as key from host_verifications where id = ${id}`)) as [{ key: string }];
      await deleteDueIdFiles(t.database.db, files, log);
      expect(await files.read(key), decide).toBeDefined();

      await t.database.db.execute(sql`update host_verifications set decided_at = now() - interval '30 days 1 minute' where id = ${id}`);
      expect((await deleteDueIdFiles(t.database.db, files, log)).idFilesDeleted, decide).toBeGreaterThanOrEqual(1);
      expect(await files.read(key), decide).toBeUndefined();
      expect((await deleteDueIdFiles(t.database.db, files, log)).idFilesDeleted, decide).toBe(0);
      const res = await call('GET', `/api/ops/verifications/${id}/id-document`, ops.cookie);
      expect(res.statusCode, decide).toBe(404);
      expect(res.json().error.message).toBe('The ID document is deleted 30 days after the decision');
    }
  });

  it('lists the queue oldest first, by when each request was sent', async () => {
    const ops = await operator();
    const first = await submitted();
    const second = await submitted();
    const order = async () =>
      ((await call('GET', '/api/ops/verifications', ops.cookie)).json().results as { id: string }[]).map((r) => r.id).filter((id) => id === first.id || id === second.id);
    expect(await order()).toEqual([first.id, second.id]);
    // By the time it was sent, not the row's age: sent a day earlier, the second comes first.
    await t.database.db.execute(sql`update host_verifications set submitted_at = submitted_at - interval '1 day' where id = ${second.id}`);
    expect(await order()).toEqual([second.id, first.id]);
  });
});

describe('operators', () => {
  const t = useTestApp();
  const call = api(t);

  it('are made and unmade on the server only; the role applies from the next request; each change is recorded', async () => {
    const cookie = await signIn(t, 'op-role@example.com');
    expect((await call('GET', '/api/me', cookie)).json().operator).toBe(false);
    expect((await call('GET', '/api/ops/verifications', cookie)).statusCode).toBe(404);
    // No API gives the role.
    expect((await call('PATCH', '/api/me', cookie, { operator: true })).statusCode).toBe(400);

    expect(await setOperator(t.database.db, 'OP-Role@example.com ', true)).toBe(true);
    expect(await setOperator(t.database.db, 'op-role@example.com', true)).toBe(false);
    expect((await call('GET', '/api/me', cookie)).json().operator).toBe(true);
    expect((await call('GET', '/api/auth/session', cookie)).json().user.operator).toBe(true);
    expect((await call('GET', '/api/ops/verifications', cookie)).statusCode).toBe(200);

    expect(await setOperator(t.database.db, 'op-role@example.com', false)).toBe(true);
    expect((await call('GET', '/api/ops/verifications', cookie)).statusCode).toBe(404);
    await expect(setOperator(t.database.db, 'nobody@example.com', true)).rejects.toThrow(NoSuchAccountError);

    const userId = await userIdOf(t, cookie);
    const rows = await rawRows<{ action: string; operator_id: string | null }>(t.database.db, sql`select action, operator_id from operator_actions where target_id = ${userId} order by created_at, action`);
    expect(rows).toEqual([
      { action: 'grant_operator', operator_id: null },
      { action: 'revoke_operator', operator_id: null },
    ]);
  });

  it('cannot change or remove the record of their actions, by any statement', async () => {
    const cookie = await signIn(t, 'op-audit@example.com');
    await setOperator(t.database.db, 'op-audit@example.com', true);
    const userId = await userIdOf(t, cookie);
    for (const statement of [
      sql`update operator_actions set reason = 'changed' where target_id = ${userId}`,
      sql`delete from operator_actions where target_id = ${userId}`,
      sql`truncate operator_actions`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    expect(await rawRows(t.database.db, sql`select 1 from operator_actions where target_id = ${userId}`)).toHaveLength(1);
  });
});
