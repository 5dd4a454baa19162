import { type SQL, sql } from 'drizzle-orm';

// The payment that paid for a stay, as SQL for the payments' and the payouts' queries alike.

/** The payments of `booking` (a column or value) that paid for the stay: captured, not refunded as not bookable. */
export const stayPaymentsOf = (booking: SQL) => sql`
  from payments sp
  where sp.booking_id = ${booking} and sp.status = 'captured'
    and not exists (select 1 from refunds r where r.payment_id = sp.id and r.reason = 'not_bookable')
`;

/** The provider's id of the payment that paid for `booking`, as selectStayPayment finds it. */
export const stayPaymentOf = (booking: SQL) => sql`(select sp.provider_payment_id ${stayPaymentsOf(booking)} order by sp.created_at, sp.id limit 1)`;
