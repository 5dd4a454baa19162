import type { FastifyBaseLogger } from 'fastify';
import type { QueuedVerification, VerificationAnswer } from '../../../domain/contracts/verification';
import { callSlots, ID_FILE_KEPT_DAYS, type IdDocumentType, type IdFileType, isOfferedSlot, VERIFICATION_MESSAGES } from '../../../domain/verification';
import type { Db } from '../../db/client';
import { SQLSTATE, sqlStateOf } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import { SELF_ACTION } from '../../../domain/operator-actions';
import { queueMailFor } from '../../mail/outbox';
import { notify } from '../notifications';
import {
  verificationApprovedMail,
  verificationCallChosenMail,
  verificationIdReceivedMail,
  verificationReceivedMail,
  verificationRejectedMail,
} from '../../mail/verification';
import type { PrivateFiles } from '../../storage';
import { markHostListingsVerified } from '../listings';
import { recordAction } from '../ops';
import { markUserVerified } from '../profile';
import {
  clearIdFile,
  countHostPhotos,
  insertDraft,
  lockIdFileIfDue,
  selectAttempt,
  selectHostsListingPhotos,
  selectHostVerifiedAt,
  selectIdFilesDue,
  selectLatestAttempt,
  selectQueue,
  selectTakenCallSlots,
  selectUserEmail,
  updateAttempt,
  type VerificationRow,
} from './queries';

// Host verification (issue 23, PRODUCT.md section 8). The host fills in a draft, step by step (an
// ID, the photos confirmed, a call slot), then sends it; an operator approves it, which verifies
// the host and badges every listing of theirs in the same transaction, or rejects it with a
// reason, after which the host may start a new attempt. The host is e-mailed when the ID arrives,
// when a call time is chosen, when the request is sent and when it is decided, each mail queued
// in the transaction of its step (mail/outbox.ts), so that a refused step sends none; confirming
// the photos is a tick of the host's own, which a mail would only repeat.

type Host = { id: string; email: string };

/** The host's verification as /host shows it. */
export async function getVerification(db: Db, hostId: string, now = new Date()): Promise<VerificationAnswer> {
  const [attempt, verifiedAt, photoCount, taken] = await Promise.all([
    selectLatestAttempt(db, hostId),
    selectHostVerifiedAt(db, hostId),
    countHostPhotos(db, hostId),
    selectTakenCallSlots(db, now),
  ]);
  return answerOf(attempt, verifiedAt !== null, photoCount, now, taken);
}

/** `taken`: the slots other hosts' requests under review hold, which are not offered. */
function answerOf(attempt: VerificationRow | undefined, verified: boolean, photoCount: number, now: Date, taken: Set<string>): VerificationAnswer {
  // A draft's slot that has passed (or was taken by a host who sent first) is to choose again.
  const callAt = attempt?.callAt?.toISOString() ?? null;
  const callStands = callAt !== null && (attempt!.status !== 'draft' || (isOfferedSlot(callAt, now) && !taken.has(callAt)));
  const hasId = attempt?.idType != null && attempt.idUploadedAt != null && (attempt.status !== 'draft' || attempt.idFileKey !== null);
  return {
    status: attempt?.status ?? 'none',
    verified,
    id_document: hasId ? { type: attempt.idType!, uploaded_at: attempt.idUploadedAt!.toISOString() } : null,
    photos_confirmed: attempt?.photosConfirmedAt != null,
    photo_count: photoCount,
    call_at: callStands ? callAt : null,
    submitted_at: attempt?.submittedAt?.toISOString() ?? null,
    decided_at: attempt?.decidedAt?.toISOString() ?? null,
    reason: attempt?.status === 'rejected' ? attempt.reason : null,
    slots: callSlots(now).map((day) => ({ date: day.date, starts: day.starts.filter((start) => !taken.has(start)) })),
  };
}

/**
 * The host's open draft, made when there is none: a new attempt after a rejection (or a first
 * one). Refused while one is under review, and once the host is verified.
 */
async function openDraft(tx: Db, hostId: string): Promise<VerificationRow> {
  if ((await selectHostVerifiedAt(tx, hostId)) !== null) throw conflict(VERIFICATION_MESSAGES.alreadyVerified);
  const latest = await selectLatestAttempt(tx, hostId, true);
  if (latest?.status === 'submitted') throw conflict(VERIFICATION_MESSAGES.underReview);
  if (latest?.status === 'draft') return latest;
  const made = await insertDraft(tx, hostId);
  if (made) return made;
  // Another request made the draft a moment ago.
  const draft = await selectLatestAttempt(tx, hostId, true);
  if (draft?.status !== 'draft') throw conflict(VERIFICATION_MESSAGES.underReview);
  return draft;
}

/**
 * Step 1: the ID. The file is stored first (outside any transaction), then recorded with the
 * host's e-mail that it arrived (its kind only); a file that ends up unrecorded (the request
 * refused, the database down) is removed, and so is the file it replaces once the new one is
 * recorded.
 */
export async function saveIdDocument(
  db: Db,
  files: PrivateFiles,
  host: Host,
  publicUrl: string,
  input: { type: IdDocumentType; bytes: Buffer; fileType: IdFileType },
): Promise<VerificationAnswer> {
  const key = await files.put(input.bytes);
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const draft = await openDraft(tx, host.id);
      replaced = draft.idFileKey;
      await updateAttempt(tx, draft.id, { idType: input.type, idFileKey: key, idFileType: input.fileType, idUploadedAt: new Date(), idFileDeletedAt: null });
      await queueMailFor(tx, host.id, verificationIdReceivedMail({ to: host.email, document: input.type, publicUrl }), `verification ${draft.id} id`);
    });
  } catch (err) {
    await files.remove(key);
    throw err;
  }
  if (replaced) await files.remove(replaced);
  return getVerification(db, host.id);
}

/** Step 2: the host confirms that their listings' photos are of their own home. */
export async function confirmPhotos(db: Db, hostId: string): Promise<VerificationAnswer> {
  if ((await countHostPhotos(db, hostId)) === 0) throw badRequest(VERIFICATION_MESSAGES.noPhotos);
  await db.transaction(async (tx) => {
    const draft = await openDraft(tx, hostId);
    await updateAttempt(tx, draft.id, { photosConfirmedAt: new Date() });
  });
  return getVerification(db, hostId);
}

/**
 * Step 3: a video-call slot, one of those on offer now and not held by another host; the host is
 * e-mailed the time (India's clock), unless it is the one they had already chosen.
 */
export async function chooseCall(db: Db, host: Host, publicUrl: string, startsAt: string, now = new Date()): Promise<VerificationAnswer> {
  if (!isOfferedSlot(startsAt, now)) throw badRequest(VERIFICATION_MESSAGES.slot, { starts_at: VERIFICATION_MESSAGES.slot });
  const callAt = new Date(startsAt);
  await db.transaction(async (tx) => {
    const draft = await openDraft(tx, host.id);
    if ((await selectTakenCallSlots(tx, now)).has(callAt.toISOString())) throw conflict(VERIFICATION_MESSAGES.slotTaken);
    if (draft.callAt?.getTime() === callAt.getTime()) return;
    await updateAttempt(tx, draft.id, { callAt });
    await queueMailFor(tx, host.id, verificationCallChosenMail({ to: host.email, callAt, publicUrl }), `verification ${draft.id} call`);
  });
  return getVerification(db, host.id, now);
}

/** Sends the finished draft for review, and e-mails the host that it arrived. */
export async function submitVerification(db: Db, host: Host, publicUrl: string, now = new Date()): Promise<VerificationAnswer> {
  try {
    await db.transaction(async (tx) => {
      const draft = await openDraft(tx, host.id);
      if (!draft.idFileKey || !draft.photosConfirmedAt || !draft.callAt) throw badRequest(VERIFICATION_MESSAGES.incomplete);
      // A slot chosen days ago may have passed.
      if (!isOfferedSlot(draft.callAt.toISOString(), now)) throw badRequest(VERIFICATION_MESSAGES.slot, { starts_at: VERIFICATION_MESSAGES.slot });
      await updateAttempt(tx, draft.id, { status: 'submitted', submittedAt: now });
      await queueMailFor(tx, host.id, verificationReceivedMail({ to: host.email, callAt: draft.callAt, publicUrl }), `verification ${draft.id} received`);
    });
  } catch (err) {
    // Two hosts sending the same slot at once: the unique index takes one.
    if (sqlStateOf(err) === SQLSTATE.uniqueViolation) throw conflict(VERIFICATION_MESSAGES.slotTaken);
    throw err;
  }
  return getVerification(db, host.id, now);
}

// ---------------------------------------------------------------------------------------------
// The operator's side

/** The queue: every request under review, the oldest first, with the host's listings and photos. */
export async function verificationQueue(db: Db): Promise<QueuedVerification[]> {
  const rows = await selectQueue(db);
  const photos = await selectHostsListingPhotos(db, [...new Set(rows.map((r) => r.hostId))]);
  const listingsOf = new Map<string, QueuedVerification['listings']>();
  for (const p of photos) {
    const list = listingsOf.get(p.hostId) ?? [];
    let listing = list.find((l) => l.id === p.listingId);
    if (!listing) {
      listing = { id: p.listingId, title: p.title, city: p.city, photos: [] };
      list.push(listing);
    }
    if (p.url) listing.photos.push({ url: p.url, alt: p.alt ?? '' });
    listingsOf.set(p.hostId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    host: { id: r.hostId, name: r.name, email: r.email, joined_at: r.joinedAt.toISOString() },
    id_document_type: r.idType,
    id_document_available: r.idFileKey !== null,
    call_at: r.callAt?.toISOString() ?? null,
    submitted_at: r.submittedAt!.toISOString(),
    listings: listingsOf.get(r.hostId) ?? [],
  }));
}

/** The ID file of a request, for an operator; the opening is recorded. */
export async function openIdDocument(db: Db, files: PrivateFiles, operatorId: string, id: string): Promise<{ bytes: Buffer; type: IdFileType }> {
  const attempt = await selectAttempt(db, id);
  if (!attempt || attempt.status === 'draft') throw notFound('No such verification');
  const bytes = attempt.idFileKey ? await files.read(attempt.idFileKey) : undefined;
  if (!bytes || !attempt.idFileType) throw notFound(`The ID document is deleted ${ID_FILE_KEPT_DAYS} days after the decision`);
  await recordAction(db, { operatorId, action: 'view_id_document', targetType: 'verification', targetId: id });
  return { bytes, type: attempt.idFileType };
}

/**
 * Approves or rejects a request under review. Approval verifies the host and badges every listing
 * of theirs at once (search reads the listing's flag); the decision, its record and the host's
 * e-mail are one transaction.
 */
export async function decideVerification(
  db: Db,
  operatorId: string,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
  publicUrl: string,
): Promise<{ id: string; status: 'approved' | 'rejected' }> {
  const status = decision.approve ? 'approved' : 'rejected';
  await db.transaction(async (tx) => {
    const attempt = await selectAttempt(tx, id, true);
    if (!attempt || attempt.status === 'draft') throw notFound('No such verification');
    if (attempt.hostId === operatorId) throw conflict(SELF_ACTION);
    if (attempt.status !== 'submitted') throw conflict(`This verification was already ${attempt.status}`);
    const reason = decision.approve ? null : decision.reason;
    await updateAttempt(tx, id, { status, decidedAt: new Date(), decidedBy: operatorId, reason });
    if (decision.approve) {
      // The host verified, and every listing of theirs with the badge.
      await markUserVerified(tx, attempt.hostId);
      await markHostListingsVerified(tx, attempt.hostId);
    }
    await recordAction(tx, { operatorId, action: decision.approve ? 'approve_verification' : 'reject_verification', targetType: 'verification', targetId: id, reason });
    const to = await selectUserEmail(tx, attempt.hostId);
    await notify(tx, {
      userId: attempt.hostId,
      kind: 'verification_decided',
      params: { approved: decision.approve },
      mail: decision.approve ? verificationApprovedMail({ to, publicUrl }) : verificationRejectedMail({ to, reason: decision.reason, publicUrl }),
      about: `verification ${id} ${status}`,
    });
  });
  return { id, status };
}

/** Deletes the ID files whose time is up (a job): 30 days after the decision, or an abandoned draft's. */
export async function deleteDueIdFiles(db: Db, files: PrivateFiles, log: Pick<FastifyBaseLogger, 'warn'>, now = new Date()): Promise<{ idFilesDeleted: number }> {
  const before = new Date(now.getTime() - ID_FILE_KEPT_DAYS * 86_400_000);
  let deleted = 0;
  for (const { id } of await selectIdFilesDue(db, before)) {
    try {
      deleted += await db.transaction(async (tx) => {
        const key = await lockIdFileIfDue(tx, id, before);
        if (!key) return 0;
        // The file first: should the commit fail, the next run finds nothing to delete and clears the row.
        await files.remove(key);
        await clearIdFile(tx, id, key);
        return 1;
      });
    } catch (err) {
      log.warn({ err, verification: id }, 'could not delete an ID file; trying again at the next run');
    }
  }
  return { idFilesDeleted: deleted };
}
