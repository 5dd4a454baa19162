import type { StayView } from '../../../domain/contracts/stay';
import { todayInIndia, type IsoDate } from '../../../domain/dates';
import { type CareSheet, careSheetFromProfile, careSheetSchema, emergencyContactProblem, missingCareSheetsMessage } from '../../../domain/stays/care-sheet';
import { CHECK_IN_MESSAGES, canCheckOut, careSheetsEditable, checkInProblem, hostMayReadCareSheets, stayStageLine } from '../../../domain/stays/stage';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/errors';
import { iso } from '../../db/rows';
import { badRequest, conflict, notFound } from '../../http/errors';
import { queueMail } from '../../mail/outbox';
import { stayMomentMail } from '../../mail/stays';
import { checkInStay, checkOutStay, lockBookingForUpdate } from '../bookings';
import { selectStayOfMember, type StayRow, upsertCareSheet } from './queries';

// The stay itself (PRODUCT.md section 10): what its guest and its host see of a paid booking, the
// guest's care sheets, and the host's check-in and check-out. Each write locks the booking's row
// (the bookings module's lock), so a check-in, a second check-in and a cancellation take turns:
// each sees the status the one before it left.

export type StayDeps = { db: Db; publicUrl: string };

const stayNotFound = () => notFound('Stay not found');

export const STAY_ERRORS = {
  notPaid: 'Care sheets can be written once the stay is paid',
  over: 'This stay is over, so its care sheets can no longer be changed',
  petNotOnStay: 'This pet is not on this stay',
  notUnderWay: 'Only a stay under way can be checked out',
} as const;

const careSheetOf = (stored: unknown): CareSheet | null => {
  if (stored === null) return null;
  // Sheets are checked on every write; read back through the schema, an older shape still answers as today's.
  const parsed = careSheetSchema.safeParse(stored);
  return parsed.success ? parsed.data : (stored as CareSheet);
};

/** What `viewerId` (the guest or the host) sees of the stay today. */
export function toStayView(r: StayRow, viewerId: string, today: IsoDate): StayView {
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
    stage: stayStageLine(r, today),
    checked_in_at: r.checked_in_at === null ? null : iso(r.checked_in_at),
    checked_out_at: r.checked_out_at === null ? null : iso(r.checked_out_at),
    listing: { id: r.listing_id, title: r.listing_title, locality: r.listing_locality, city: r.listing_city },
    guest: { name: r.guest_name },
    host: { name: r.host_name },
    pets: r.pets.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      photo_url: p.photo_url,
      care_sheet: sheetsVisible ? careSheetOf(p.sheet) : null,
      care_sheet_updated_at: sheetsVisible ? p.sheet_updated_at : null,
      draft: isGuest && p.sheet === null ? (careSheetOf(p.last_sheet) ?? careSheetFromProfile(p)) : null,
    })),
    care_sheets_visible: sheetsVisible,
    can_edit_care_sheets: isGuest && careSheetsEditable(r),
    can_check_in: !isGuest && checkInBlock === null,
    check_in_problem: isGuest ? null : checkInBlock,
    can_check_out: !isGuest && canCheckOut(r),
  };
}

async function stayOf(db: Db, id: string, userId: string): Promise<StayRow> {
  const row = await selectStayOfMember(db, id, userId);
  if (!row) throw stayNotFound();
  return row;
}

export async function getStay(db: Db, userId: string, id: string): Promise<StayView> {
  return toStayView(await stayOf(db, id, userId), userId, todayInIndia());
}

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
      return toStayView(await stayOf(tx, id, guestId), guestId, todayInIndia());
    }),
  );
}

/** The host's booking, locked: a 404 for anyone else (the guest included: it is not theirs to press). */
async function lockForHost(tx: Db, id: string, hostId: string) {
  const locked = await lockBookingForUpdate(tx, id, { hostId });
  if (!locked) throw stayNotFound();
  return locked;
}

/**
 * The host's "Bruno has arrived": from the check-in day until the day before check-out, once every
 * pet on the stay has its care sheet. The guest is told.
 */
export async function checkIn(deps: StayDeps, hostId: string, id: string): Promise<StayView> {
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
      await queueMail(tx, stayMomentMail({ moment: 'arrived', to: stay.guest_email, stay, publicUrl: deps.publicUrl }), `booking ${id}`);
      return toStayView(await stayOf(tx, id, hostId), hostId, today);
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
      await queueMail(tx, stayMomentMail({ moment: 'gone_home', to: stay.guest_email, stay, publicUrl: deps.publicUrl }), `booking ${id}`);
      return toStayView(stay, hostId, todayInIndia());
    }),
  );
}
