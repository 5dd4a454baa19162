import { z } from 'zod';
import { stayStageSchema } from './stay-stage';
import { BOOKING_STATUSES } from '../bookings';
import { careSheetSchema } from '../stays/care-sheet';
import { arrivalAnswerSchema } from '../stays/arrival-form';
import { careSheetOut } from './care-sheet';
import { photoSizeQuery, stayPhotoSchema } from './stay-photo';
import { incidentViewSchema, urgentContactSchema } from './incident';
import { CARE_TICK_KINDS } from '../stays/care-log';
import { PET_TYPES } from '../pet-types';
import type { Contract } from './endpoint';
import { idParams, uuidInput } from './params';

// The stay itself (PRODUCT.md section 10): one paid booking as its guest and its host live it, its
// pets' care sheets, and the host's check-in and check-out.

export const careSheetParams = z.object({ id: uuidInput('Invalid id'), petId: uuidInput('Invalid pet id') });

const petOnStay = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PET_TYPES),
  photo_url: z.string().nullable(),
  care_sheet: careSheetOut.nullable().describe('Null until the guest writes it; for the host, also null when they may not read it (care_sheets_visible)'),
  care_sheet_updated_at: z.string().nullable(),
  draft: careSheetOut
    .nullable()
    .describe("For the guest, while the pet has no sheet on this stay: begun from the pet's last sheet on another stay, or from its profile"),
});

const stayUpdate = z.object({
  id: z.uuid(),
  kind: z.enum(['arrival', 'update']).describe('arrival: the check-in'),
  note: z.string(),
  care_log: z.array(z.object({ pet_id: z.string(), kind: z.enum(CARE_TICK_KINDS), at: z.string().describe('HH:MM, India'), medicine: z.string().nullable() })),
  photos: z.array(stayPhotoSchema),
  for_date: z.string().describe('The stay\'s day it tells of (India)'),
  created_at: z.string(),
});

export type StayUpdate = z.infer<typeof stayUpdate>;

export const stayViewSchema = z.object({
  booking_id: z.uuid(),
  viewer_role: z.enum(['guest', 'host']),
  status: z.enum(BOOKING_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  nights: z.number().int(),
  stage: stayStageSchema.nullable().describe('Where the stay is; null before it is paid'),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  home_confirmed_at: z.string().nullable().describe('When the guest said all is well after the check-out'),
  home_question: z.boolean().describe('For the guest: the host checked the stay out less than 24 hours ago, and "All well?" waits for an answer'),
  can_answer_arrival: z.boolean().describe('The stay was not checked in by the end of its check-in day, and both sides are asked what happened (its no-show is open)'),
  listing: z.object({ id: z.uuid(), title: z.string(), locality: z.string(), city: z.string() }),
  guest: z.object({ name: z.string() }),
  host: z.object({ name: z.string() }),
  pets: z.array(petOnStay),
  care_sheets_visible: z.boolean().describe('Whether this viewer may read the care sheets now'),
  can_edit_care_sheets: z.boolean().describe('For the guest: the stay is paid and not over'),
  can_check_in: z.boolean().describe('For the host: "Bruno has arrived" may be pressed now'),
  check_in_problem: z.string().nullable().describe('For the host: why check-in is not possible yet (a missing care sheet, the date)'),
  can_check_out: z.boolean().describe('For the host: "Bruno has gone home" may be pressed now'),
  updates: z.array(stayUpdate).describe('The host\'s updates, newest first; the check-in is the first'),
  can_post_update: z.boolean().describe('For the host: the stay is under way'),
  no_update_today: z.boolean().describe('The stay is under way and nothing has been posted today (India)'),
  care_due: z.array(z.string()).describe('For the host: what the care sheets ask for by now that today\'s ticks do not show'),
  incidents: z.array(incidentViewSchema).describe('Problems reported on the stay, newest first'),
  can_report_problem: z.boolean().describe('During the stay and for 48 hours after it'),
  report_until: z.string().nullable().describe('When a problem can no longer be reported; null before the stay is under way'),
  urgent: z
    .object({ headline: z.string().describe('"Bruno needs a vet now"'), contacts: z.array(urgentContactSchema).describe('Empty when no pet has a care sheet') })
    .nullable()
    .describe("While an urgent problem is open: the pets' vets and emergency contacts"),
});

export type StayView = z.infer<typeof stayViewSchema>;

export const stayPhotoParams = z.object({ id: uuidInput('Invalid id'), photoId: uuidInput('Invalid photo id') });


export const stayEndpoints = {
  'GET /api/stays/:id': { params: idParams, response: stayViewSchema },
  'PUT /api/stays/:id/care-sheets/:petId': { params: careSheetParams, body: careSheetSchema, response: stayViewSchema },
  'POST /api/stays/:id/check-in': { params: idParams, upload: true, response: stayViewSchema },
  'POST /api/stays/:id/updates': { params: idParams, upload: true, response: stayViewSchema, status: 201 },
  'GET /api/stays/:id/photos/:photoId': { params: stayPhotoParams, query: photoSizeQuery, response: null },
  'POST /api/stays/:id/check-out': { params: idParams, response: stayViewSchema },
  // JSON (incidentReportSchema), or a multipart form with its photos: the route reads either.
  'POST /api/stays/:id/incidents': { params: idParams, upload: true, response: stayViewSchema, status: 201 },
  'POST /api/stays/:id/arrival': { params: idParams, body: arrivalAnswerSchema, response: stayViewSchema },
  'POST /api/stays/:id/all-well': { params: idParams, response: stayViewSchema },
} as const satisfies Contract;
