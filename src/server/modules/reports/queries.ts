import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ReportedThing } from '../../../domain/contracts/reports';
import { REPORT_REASONS, REPORT_TARGETS, type ReportOutcome, type ReportTarget } from '../../../domain/reports';
import type { Db } from '../../db/client';
import { instantColumn, iso, queryRows } from '../../db/rows';

// The reports' SQL. A reporter reaches only what they can see: the query that finds the account
// behind a target answers nothing for anything else, so a guessed id reads as missing.

/** The account behind `targetId`, if `reporterId` can see that thing: undefined otherwise. */
export async function selectReportSubject(db: Db, reporterId: string, targetType: ReportTarget, targetId: string): Promise<string | undefined> {
  const subject: Record<ReportTarget, SQL> = {
    listing: sql`select l.host_id as id from listings l where l.id = ${targetId} and l.listed`,
    // A guest's review of a stay, as the listing page shows it (the hosts' reviews of guests are not shown).
    review: sql`
      select r.author_id as id from published_listing_reviews r join listings l on l.id = r.listing_id
      where r.id = ${targetId} and l.listed`,
    message: sql`
      select m.sender_id as id from messages m join conversations c on c.id = m.conversation_id
      where m.id = ${targetId} and ${reporterId} in (c.guest_id, c.host_id)`,
    // A host anyone can see, or someone the reporter has a conversation with.
    user: sql`
      select u.id from users u where u.id = ${targetId} and (
        exists (select 1 from listings l where l.host_id = u.id and l.listed)
        or exists (select 1 from conversations c where (c.guest_id = u.id and c.host_id = ${reporterId}) or (c.host_id = u.id and c.guest_id = ${reporterId})))`,
  };
  const [row] = await queryRows(db, z.object({ id: z.string() }), subject[targetType]);
  return row?.id;
}

/** Takes the reporter's report lock until `tx` ends: their count and insert are one step. */
export const lockReporter = (tx: Db, reporterId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`report ${reporterId}`}, 0))`);

export async function countReportsSince(db: Db, reporterId: string, since: Date): Promise<number> {
  const [row] = await queryRows(db, z.object({ n: z.number().int() }), sql`
    select count(*)::int as n from reports where reporter_id = ${reporterId} and created_at > ${since.toISOString()}::timestamptz
  `);
  return row?.n ?? 0;
}

/** Stores the report unless the reporter's report of the same thing is still open (it counts once). */
export async function insertReport(
  tx: Db,
  r: { reporterId: string; targetType: ReportTarget; targetId: string; subjectId: string; reason: string; details: string },
): Promise<void> {
  await tx.execute(sql`
    insert into reports (reporter_id, target_type, target_id, subject_id, reason, details)
    values (${r.reporterId}, ${r.targetType}, ${r.targetId}, ${r.subjectId}, ${r.reason}, ${r.details})
    on conflict (reporter_id, target_type, target_id) where status = 'open' do nothing
  `);
}

/** Closes the open reports of one thing, or of everything behind one account; answers each with its reporter and address. */
export async function closeReports(tx: Db, which: { targetType: ReportTarget; targetId: string } | { subjectId: string }, outcome: ReportOutcome) {
  const where = 'subjectId' in which ? sql`subject_id = ${which.subjectId}` : sql`target_type = ${which.targetType} and target_id = ${which.targetId}`;
  return queryRows(tx, z.object({ id: z.string(), reporter_id: z.string(), reporter_email: z.string() }), sql`
    with closed as (
      update reports set status = ${outcome}, resolved_at = now() where status = 'open' and ${where} returning id, reporter_id
    )
    select c.id, c.reporter_id, u.email as reporter_email from closed c join users u on u.id = c.reporter_id
  `);
}

/** Whether any open report of the thing is about `subjectId`. */
export async function reportsAbout(db: Db, target: { targetType: ReportTarget; targetId: string }, subjectId: string): Promise<boolean> {
  const rows = await queryRows(db, z.object({ id: z.string() }), sql`
    select id from reports
    where status = 'open' and target_type = ${target.targetType} and target_id = ${target.targetId} and subject_id = ${subjectId}
    limit 1
  `);
  return rows.length > 0;
}

const reportedRow = z.object({
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.string(),
  excerpt: z.string().nullable(),
  link: z.string().nullable(),
  subject_id: z.string(),
  subject_email: z.string(),
  subject_name: z.string(),
  subject_suspended: z.boolean(),
  first_at: instantColumn,
  reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), details: z.string(), reporter: z.string(), created_at: z.string() })),
});

/** The open reports grouped by the thing reported, the longest waiting first (100 things at most). */
export async function selectOpenReports(db: Db): Promise<ReportedThing[]> {
  const rows = await queryRows(db, reportedRow, sql`
    with open as (
      select target_type, target_id, min(created_at) as first_at, (array_agg(subject_id))[1] as subject_id
      from reports where status = 'open'
      group by target_type, target_id
      order by first_at
      limit 100
    )
    select o.target_type, o.target_id::text as target_id, o.first_at,
      case o.target_type
        when 'listing' then (select l.title from listings l where l.id = o.target_id)
        when 'review' then (select rv.body from reviews rv where rv.id = o.target_id)
        when 'message' then (select m.body from messages m where m.id = o.target_id)
        else (select u.name from users u where u.id = o.target_id)
      end as excerpt,
      case o.target_type
        when 'listing' then '/listing/' || o.target_id
        when 'review' then (select '/listing/' || rv.listing_id from reviews rv where rv.id = o.target_id)
        else null
      end as link,
      s.id::text as subject_id, s.email as subject_email, s.name as subject_name, s.suspended_at is not null as subject_suspended,
      (select json_agg(json_build_object('reason', r.reason, 'details', r.details, 'reporter', ru.email, 'created_at', r.created_at) order by r.created_at)
       from reports r join users ru on ru.id = r.reporter_id
       where r.status = 'open' and r.target_type = o.target_type and r.target_id = o.target_id) as reports
    from open o join users s on s.id = o.subject_id
    order by o.first_at, o.target_id
  `);
  return rows.map((r) => ({
    target_type: r.target_type,
    target_id: r.target_id,
    excerpt: r.excerpt ?? '',
    link: r.link,
    subject: { id: r.subject_id, email: r.subject_email, name: r.subject_name, suspended: r.subject_suspended },
    first_at: iso(r.first_at),
    reports: r.reports.map((x) => ({ ...x, created_at: iso(x.created_at) })),
  }));
}
