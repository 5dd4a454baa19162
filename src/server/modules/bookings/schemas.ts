import { z } from 'zod';
import { BOOKING_STATUSES } from '../../../domain/bookings';
import { PET_SIZES, STAY_SIZES } from '../../../domain/pet-sizes';
import { PET_TYPES } from '../../../domain/pet-types';

// Response shapes of the bookings module, for serialisation and the OpenAPI document. Request
// bodies are the domain schemas (src/domain/schemas/booking.ts), shared with the web.

const date = z.string().describe('yyyy-MM-dd');
const inr = z.number().int();
const status = z.enum(BOOKING_STATUSES);

/** SPEC.md's calculate_booking_cost row, plus the nightly price it was computed from. */
export const quoteSchema = z.object({
  nights: z.number().int(),
  nightly_price_inr: inr,
  subtotal_inr: inr,
  taxes_inr: inr,
  platform_fee_inr: inr.describe('The host service fee: deducted from the payout, not added to the total'),
  total_inr: inr.describe('What the guest pays: subtotal + GST'),
});

const stayFields = {
  id: z.uuid(),
  status,
  start_date: date,
  end_date: date.describe('yyyy-MM-dd, the check-out day (the stay is [start_date, end_date))'),
  nights: z.number().int(),
  size: z.enum(STAY_SIZES),
  note: z.string(),
  created_at: z.string(),
};

const petSummary = z.object({ id: z.uuid(), name: z.string(), type: z.enum(PET_TYPES), size: z.enum(PET_SIZES), breed: z.string().nullable() });

/** One of my bookings as a guest (the dashboard's Bookings tab). */
export const guestBookingSchema = z.object({
  ...stayFields,
  price_subtotal_inr: inr,
  taxes_inr: inr,
  total_inr: inr,
  listing: z.object({ id: z.uuid(), title: z.string(), city: z.string(), state: z.string(), cover_photo_url: z.string().nullable() }),
  pet: z.object({ id: z.uuid(), name: z.string() }).nullable().describe('null once the pet profile was deleted'),
  can_cancel: z.boolean(),
});

/** A booking of one of my listings (the host's Booking Requests tab). */
export const hostBookingSchema = z.object({
  ...stayFields,
  host_payout_inr: inr.describe('Subtotal minus the platform fee'),
  responded_at: z.string().nullable(),
  guest: z.object({ name: z.string() }),
  pet: petSummary.omit({ id: true }).nullable(),
  listing: z.object({ id: z.uuid(), title: z.string() }),
  can_respond: z.boolean().describe('Accept and Decline are possible'),
});

/** One booking as its guest or its host sees it; what create, accept, decline and cancel answer. */
export const bookingDetailSchema = z.object({
  ...stayFields,
  viewer_role: z.enum(['guest', 'host']),
  price_subtotal_inr: inr,
  taxes_inr: inr,
  platform_fee_inr: inr,
  total_inr: inr,
  host_payout_inr: inr,
  responded_at: z.string().nullable(),
  listing: guestBookingSchema.shape.listing,
  guest: z.object({ name: z.string() }),
  pet: petSummary.nullable(),
  can_cancel: z.boolean().describe('For the guest'),
  can_respond: z.boolean().describe('For the host'),
});

export const hostBookingsQuerySchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `Status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
});

export type Quote = z.infer<typeof quoteSchema>;
export type GuestBooking = z.infer<typeof guestBookingSchema>;
export type HostBooking = z.infer<typeof hostBookingSchema>;
export type BookingDetail = z.infer<typeof bookingDetailSchema>;
