import type { StayUpdate, StayView } from '../../../domain/contracts/stay';
import { timeInIndia, todayInIndia, type IsoDate } from '../../../domain/dates';
import { careDue, type CareTick, STAY_UPDATE_LIMITS, updateReminderDue } from '../../../domain/stays/care-log';
import { STAY_UPDATE_MESSAGES, type StayUpdateFields } from '../../../domain/stays/update-form';
import { type CareSheet, careSheetFromProfile, emergencyContactProblem, missingCareSheetsMessage } from '../../../domain/stays/care-sheet';
import { CHECK_IN_MESSAGES, canCheckOut, careSheetsEditable, checkInProblem, hostMayReadCareSheets, stayStage } from '../../../domain/stays/stage';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import { tellSide } from '../notifications';
import { stayMomentMail, stayUpdateMail, updateReminderMail } from '../../mail/stays';
import type { PrivateFiles } from '../../storage';
import { checkInStay, checkOutStay, lockBookingForUpdate } from '../bookings';
import { type IncidentRow, selectIncidentsOf } from './queries';
import type { IncidentReport } from '../../../domain/stays/incident-form';
import { reportIncident, stayIncidentFields } from './incidents';
import { stayPhotoView } from './photo-urls';
import { answerArrival, confirmHome, settleLateArrival } from './arrival';
import { type ArrivalAnswer, homeQuestionOpen } from '../../../domain/stays/arrival';
import {
  countUpdatesOn,
  forgetOrphans,
  insertUpdate,
  noteOrphanPhotos,
  recordDueReminders,
  selectIncidentPhoto,
  selectNamedPhotoKeys,
  selectOrphansSeenBefore,
  selectStayOfMember,
  selectStayPhotoOfMember,
  selectUpdates,
  type StayRow,
  type StoredUpdatePhoto,
  type UpdateRow,
  upsertCareSheet,
} from './queries';

// The stay itself (PRODUCT.md section 10): what its guest and its host see of a paid booking, the
// guest's care sheets, and the host's check-in and check-out. Each write locks the booking's row
// (the bookings module's lock), so a check-in, a second check-in and a cancellation take turns:
// each sees the status the one before it left.

export type StayDeps = { db: Db; publicUrl: string; photos: PrivateFiles };

const stayNotFound = () => notFound('Stay not found');

export const STAY_ERRORS = {
  notPaid: 'Care sheets can be written once the stay is paid',
  over: 'This stay is over, so its care sheets can no longer be changed',
  petNotOnStay: 'This pet is not on this stay',
  notUnderWay: 'Only a stay under way can be checked out',
  updateNotUnderWay: 'Updates can be posted while the stay is under way',
  photoNotFound: 'Photo not found',
} as const;


function toUpdate(bookingId: string, u: UpdateRow): StayUpdate {
  return {
    id: u.id,
    kind: u.kind,
    note: u.note,
    care_log: u.care_log.map((t) => ({ pet_id: t.pet_id, kind: t.kind, at: t.at, medicine: t.medicine ?? null })),
    photos: u.photos.map((p) => stayPhotoView(bookingId, p)),
    for_date: u.for_date,
    created_at: u.created_at,
  };
}

/** What `viewerId` (the guest or the host) sees of the stay at `now` (today is India's date then). */
export function toStayView(r: StayRow, updates: readonly UpdateRow[], incidents: readonly IncidentRow[], viewerId: string, now: Date = new Date()): StayView {
  const today: IsoDate = todayInIndia(now);
  const isGuest = viewerId === r.owner_id;
  const sheetsVisible = isGuest || hostMayReadCareSheets(r, today);
  const missing = r.pets.filter((p) => p.sheet === null).map((p) => p.name);
  const dateProblem = checkInProblem(r, today);
  const checkInBlock = dateProblem ? CHECK_IN_MESSAGES[dateProblem] : missing.length > 0 ? missingCareSheetsMessage(missing) : null;
  return {
    booking_id: r.id,
    viewer_role: isGuest ? 'guest' : 'host',
    status: r.status,
    start_date: r.start_date,
    end_date: r.end_date,
    nights: r.nights,
    stage: stayStage(r, today),
    checked_in_at: r.checked_in_at,
    checked_out_at: r.checked_out_at,
    home_confirmed_at: r.home_confirmed_at,
    home_question: isGuest && homeQuestionOpen(r, now),
    can_answer_arrival: incidents.some((i) => i.kind === 'no_show' && i.status === 'open'),
    listing: { id: r.listing_id, title: r.listing_title, locality: r.listing_locality, city: r.listing_city },
    guest: { name: r.guest_name },
    host: { name: r.host_name },
    pets: r.pets.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      photo_url: p.photo_url,
      care_sheet: sheetsVisible ? p.sheet : null,
      care_sheet_updated_at: sheetsVisible ? p.sheet_updated_at : null,
      draft: isGuest && p.sheet === null ? (p.last_sheet ?? careSheetFromProfile(p)) : null,
    })),
    care_sheets_visible: sheetsVisible,
    can_edit_care_sheets: isGuest && careSheetsEditable(r),
    can_check_in: !isGuest && checkInBlock === null,
    check_in_problem: isGuest ? null : checkInBlock,
    can_check_out: !isGuest && canCheckOut(r),
    updates: updates.map((u) => toUpdate(r.id, u)),
    can_post_update: !isGuest && r.status === 'in_stay',
    no_update_today: r.status === 'in_stay' && today < r.end_date && !updates.some((u) => u.for_date === today),
    care_due:
      !isGuest && r.status === 'in_stay'
        ? careDue(
            r.pets.map((p) => ({ id: p.id, name: p.name, sheet: p.sheet })),
            updates.filter((u) => u.for_date === today).flatMap((u) => u.care_log as CareTick[]),
            timeInIndia(now),
          )
        : [],
    ...stayIncidentFields(r, incidents, viewerId, now),
  };
}

/** The stay as `userId` sees it now, read within `db` (a transaction's, after its writes). */
async function viewOf(db: Db, id: string, userId: string): Promise<StayView> {
  const row = await stayOf(db, id, userId);
  return toStayView(row, await selectUpdates(db, id), await selectIncidentsOf(db, id), userId);
}

async function stayOf(db: Db, id: string, userId: string): Promise<StayRow> {
  const row = await selectStayOfMember(db, id, userId);
  if (!row) throw stayNotFound();
  return row;
}

export const getStay = (db: Db, userId: string, id: string): Promise<StayView> => viewOf(db, id, userId);

/**
 * The guest writes a pet's care sheet on a paid stay that is not over (the host may read it from
 * then on). The emergency contact must be someone other than the guest.
 */
export async function saveCareSheet(db: Db, guestId: string, id: string, petId: string, sheet: CareSheet): Promise<StayView> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const locked = await lockBookingForUpdate(tx, id, { guestId });
      if (!locked) throw stayNotFound();
      const stay = await stayOf(tx, id, guestId);
      if (!stay.pets.some((p) => p.id === petId)) throw notFound(STAY_ERRORS.petNotOnStay);
      if (!careSheetsEditable(locked)) throw conflict(locked.status === 'completed' ? STAY_ERRORS.over : STAY_ERRORS.notPaid);
      const contactProblem = emergencyContactProblem(sheet, { name: stay.guest_name, phone: stay.guest_phone });
      if (contactProblem) throw badRequest(contactProblem, { 'emergency_contact.name': contactProblem });
      await upsertCareSheet(tx, id, petId, sheet);
      return viewOf(tx, id, guestId);
    }),
  );
}

/**
 * Before a form with photos is read (up to 80 MB, each photo encoded twice): whether `hostId` may
 * press `what` on the stay now, from a plain read. Anyone else is refused before the server spends
 * anything on their upload; the transaction checks again, under the booking's lock.
 */
export async function assertHostMayPost(db: Db, hostId: string, id: string, what: 'check-in' | 'update'): Promise<void> {
  const stay = await selectStayOfMember(db, id, hostId);
  if (!stay || stay.host_id !== hostId) throw stayNotFound();
  if (what === 'update') {
    if (stay.status !== 'in_stay') throw conflict(STAY_ERRORS.updateNotUnderWay);
    return;
  }
  const problem = checkInProblem(stay, todayInIndia());
  if (problem) throw conflict(CHECK_IN_MESSAGES[problem]);
}

/** The host's booking, locked: a 404 for anyone else (the guest included: it is not theirs to press). */
async function lockForHost(tx: Db, id: string, hostId: string) {
  const locked = await lockBookingForUpdate(tx, id, { hostId });
  if (!locked) throw stayNotFound();
  return locked;
}

/**
 * The host's "Bruno has arrived": from the check-in day until the day before check-out, once every
 * pet has its care sheet. It is the stay's first update (with its photo, if one was sent), and the
 * guest is told. `photos` are already stored; the caller removes them if this throws.
 */
export async function checkIn(deps: StayDeps, hostId: string, id: string, arrival: { note: string; photos: readonly StoredUpdatePhoto[] } = { note: '', photos: [] }): Promise<StayView> {
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockForHost(tx, id, hostId);
      const today = todayInIndia();
      const problem = checkInProblem(locked, today);
      if (problem) throw conflict(CHECK_IN_MESSAGES[problem]);
      const stay = await stayOf(tx, id, hostId);
      const missing = stay.pets.filter((p) => p.sheet === null).map((p) => p.name);
      if (missing.length > 0) throw conflict(missingCareSheetsMessage(missing));
      await checkInStay(tx, locked);
      await settleLateArrival(tx, id, stay.pets, today);
      await insertUpdate(tx, { bookingId: id, authorId: hostId, kind: 'arrival', note: arrival.note, careLog: [], forDate: today, photos: arrival.photos });
      await tellSide(tx, stay, 'guest', 'checked_in', stayMomentMail({ moment: 'arrived', to: stay.guest_email, stay, publicUrl: deps.publicUrl }));
      return viewOf(tx, id, hostId);
    }),
  );
}

/** The host's "Bruno has gone home": the stay is completed, and the guest told. */
export async function checkOut(deps: StayDeps, hostId: string, id: string): Promise<StayView> {
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockForHost(tx, id, hostId);
      if (!canCheckOut(locked)) throw conflict(locked.status === 'completed' ? 'This stay is already completed' : STAY_ERRORS.notUnderWay);
      await checkOutStay(tx, locked);
      const stay = await stayOf(tx, id, hostId);
      await tellSide(tx, stay, 'guest', 'checked_out', stayMomentMail({ moment: 'gone_home', to: stay.guest_email, stay, publicUrl: deps.publicUrl }));
      return viewOf(tx, id, hostId);
    }),
  );
}

/**
 * The host posts an update on a stay under way: words, a care log (ticks for the stay's pets) and
 * up to 8 photos, already stored (the caller removes them if this throws). The guest is told.
 */
export async function postUpdate(deps: StayDeps, hostId: string, id: string, fields: StayUpdateFields, photos: readonly StoredUpdatePhoto[]): Promise<StayView> {
  if (fields.note === '' && fields.log.length === 0 && photos.length === 0) throw badRequest(STAY_UPDATE_MESSAGES.empty);
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockForHost(tx, id, hostId);
      if (locked.status !== 'in_stay') throw conflict(STAY_ERRORS.updateNotUnderWay);
      if ((await countUpdatesOn(tx, id, todayInIndia())) >= STAY_UPDATE_LIMITS.perDay) throw conflict(STAY_UPDATE_MESSAGES.perDay);
      const stay = await stayOf(tx, id, hostId);
      const petIds = new Set(stay.pets.map((p) => p.id));
      if (fields.log.some((t) => !petIds.has(t.pet_id))) throw badRequest(STAY_UPDATE_MESSAGES.tickPet, { log: STAY_UPDATE_MESSAGES.tickPet });
      await insertUpdate(tx, { bookingId: id, authorId: hostId, kind: 'update', note: fields.note, careLog: fields.log, forDate: todayInIndia(), photos });
      const mail = stayUpdateMail({ to: stay.guest_email, stay, note: fields.note, photos: photos.length, publicUrl: deps.publicUrl });
      await tellSide(tx, stay, 'guest', 'stay_update', mail, photos.length > 0 ? { count: photos.length } : {});
      return viewOf(tx, id, hostId);
    }),
  );
}

/** A photo of a reported problem, for an operator (who opened the problem, a recorded opening): its bytes (WebP), or a 404. */
export async function readIncidentPhoto(photos: PrivateFiles, db: Db, incidentId: string, photoId: string, size: 'card' | 'large'): Promise<Buffer> {
  const row = await selectIncidentPhoto(db, incidentId, photoId);
  const bytes = row && (await photos.read(size === 'card' ? row.card_key : row.large_key));
  if (!bytes) throw notFound(STAY_ERRORS.photoNotFound);
  return bytes;
}

/** A photo of the stay (an update's or a reported problem's), for its guest or its host: its bytes (WebP), or a 404. */
export async function readStayPhoto(deps: StayDeps, userId: string, id: string, photoId: string, size: 'card' | 'large'): Promise<Buffer> {
  const row = await selectStayPhotoOfMember(deps.db, id, photoId, userId);
  const bytes = row && (await deps.photos.read(size === 'card' ? row.card_key : row.large_key));
  if (!bytes) throw notFound(STAY_ERRORS.photoNotFound);
  return bytes;
}

/**
 * The lifecycle job's step (PRODUCT.md section 10): from 8 pm India time, the host of each stay
 * under way with no update today is reminded, once per stay and day across processes. Answers
 * how many were reminded.
 */
export async function remindStayUpdates(db: Db, publicUrl: string, now: Date = new Date()): Promise<number> {
  const hour = Number(timeInIndia(now).slice(0, 2));
  if (!updateReminderDue({ status: 'in_stay' }, 0, hour)) return 0;
  return db.transaction(async (tx) => {
    const due = await recordDueReminders(tx, todayInIndia(now));
    for (const r of due) {
      const message = updateReminderMail({ to: r.host_email, hostName: r.host_name, guestName: r.guest_name, petNames: r.pet_names, listingTitle: r.listing_title, bookingId: r.booking_id, publicUrl });
      await tellSide(tx, { ...r, id: r.booking_id }, 'host', 'update_reminder', message);
    }
    return due.length;
  });
}

/** How long a file no row names is left alone: longer than any request that stores one runs. */
export const ORPHAN_PHOTO_GRACE_MS = 3_600_000;
/** How many keys the sweep asks the database about at once. */
const SWEEP_BATCH = 500;

/**
 * Deletes the stay photo files that no update names (stored for a request that then failed, or
 * whose process died before its transaction committed), in two looks at least ORPHAN_PHOTO_GRACE_MS
 * apart: a file seen unnamed is noted, and deleted by a later sweep only if still unnamed then (its
 * request, had it been running, has committed by then, and the file is kept). Any process may run
 * it, at the same time as another: deleting a missing file does nothing.
 */
export async function sweepStayPhotos(db: Db, files: PrivateFiles, log: Pick<FastifyBaseLogger, 'warn'>, now: Date = new Date()): Promise<{ unnamed: number; deleted: number }> {
  let unnamedSeen = 0;
  let batch: string[] = [];
  const look = async () => {
    const named = await selectNamedPhotoKeys(db, batch);
    const unnamed = batch.filter((key) => !named.has(key));
    await noteOrphanPhotos(db, unnamed);
    unnamedSeen += unnamed.length;
    batch = [];
  };
  for await (const key of files.keys()) {
    batch.push(key);
    if (batch.length === SWEEP_BATCH) await look();
  }
  await look();

  let deleted = 0;
  const due = await selectOrphansSeenBefore(db, new Date(now.getTime() - ORPHAN_PHOTO_GRACE_MS));
  for (let i = 0; i < due.length; i += SWEEP_BATCH) {
    const keys = due.slice(i, i + SWEEP_BATCH);
    const named = await selectNamedPhotoKeys(db, keys);
    const unnamed = keys.filter((key) => !named.has(key));
    const gone: string[] = [];
    for (const key of unnamed) {
      try {
        await files.remove(key);
        gone.push(key);
      } catch (err) {
        log.warn({ err, key }, 'stays: could not delete a stay photo file no update names; trying again at the next sweep');
      }
    }
    await forgetOrphans(db, [...named, ...gone]);
    deleted += gone.length;
  }
  return { unnamed: unnamedSeen, deleted };
}

/** The stay's guest or host reports a problem (incidents.ts); answers the stay as they now see it. */
export const reportStayProblem = (deps: StayDeps, userId: string, id: string, report: IncidentReport & { photos: readonly StoredUpdatePhoto[] }): Promise<StayView> =>
  reportIncident(deps, userId, id, report, (tx) => viewOf(tx, id, userId));

/** Either side's answer to "What happened?" on a stay not checked in (arrival.ts). */
export const answerStayArrival = (db: Db, userId: string, id: string, answer: ArrivalAnswer): Promise<StayView> =>
  answerArrival(db, userId, id, answer, (tx) => viewOf(tx, id, userId));

/** The guest's "All well" after the check-out (arrival.ts). */
export const confirmStayHome = (db: Db, guestId: string, id: string): Promise<StayView> => confirmHome(db, guestId, id, (tx) => viewOf(tx, id, guestId));
