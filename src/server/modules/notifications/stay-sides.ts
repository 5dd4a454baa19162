import type { NoticeKind, NoticeParams } from '../../../domain/notifications/notices';
import type { Db } from '../../db/client';
import type { LocalMail } from '../../mail/words';
import { notify } from './service';

/** What a notice about a booking needs of it: its two sides, and what it is. */
export type StaySides = {
  id: string;
  owner_id: string;
  host_id: string;
  guest_name?: string | null;
  host_name?: string | null;
  listing_title: string;
  start_date: string;
  end_date: string;
};

/**
 * Within `tx`: tells one side of a booking (`side`) of `kind`, with `mail` as its e-mail; the
 * notice names the other side when it has a name.
 */
export function tellSide(tx: Db, stay: StaySides, side: 'guest' | 'host', kind: NoticeKind, mail: LocalMail, extra: NoticeParams = {}, about = `booking ${stay.id}`) {
  const name = side === 'guest' ? stay.host_name : stay.guest_name;
  const params: NoticeParams = {
    booking_id: stay.id,
    listing_title: stay.listing_title,
    start_date: stay.start_date,
    end_date: stay.end_date,
    role: side,
    ...(name && { name }),
    ...extra,
  };
  return notify(tx, { userId: side === 'guest' ? stay.owner_id : stay.host_id, kind, params, mail, about });
}
