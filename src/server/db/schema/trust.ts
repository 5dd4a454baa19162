import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ID_DOCUMENT_TYPES, ID_FILE_TYPES, VERIFICATION_STATUSES } from '../../../domain/verification';
import { REPORT_OUTCOMES, REPORT_REASONS, REPORT_TARGETS } from '../../../domain/reports';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

// Host verifications, reports and the operators' actions (verification, reports, ops). Owners: src/server/db/table-owners.ts.

/**
 * A host's request to be verified (issue 23): one row per attempt, the latest being the current
 * one. The ID file is a key in the private store (server/storage/private-files.ts), never a URL;
 * it is deleted 30 days after the decision, and `id_file_deleted_at` says so.
 */
export const hostVerifications = pgTable(
  'host_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('draft'),
    idType: text('id_type', { enum: ID_DOCUMENT_TYPES }),
    idFileKey: text('id_file_key'),
    idFileType: text('id_file_type', { enum: ID_FILE_TYPES }),
    idUploadedAt: timestamp('id_uploaded_at', { withTimezone: true }),
    idFileDeletedAt: timestamp('id_file_deleted_at', { withTimezone: true }),
    photosConfirmedAt: timestamp('photos_confirmed_at', { withTimezone: true }),
    callAt: timestamp('call_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('host_verifications_host_idx').on(t.hostId, t.createdAt),
    // One attempt open at a time per host.
    uniqueIndex('host_verifications_open_idx').on(t.hostId).where(sql`status in ('draft', 'submitted')`),
    // The operators' queue, oldest first.
    index('host_verifications_queue_idx').on(t.submittedAt).where(sql`status = 'submitted'`),
    // One host per call slot among the requests waiting for their call.
    uniqueIndex('host_verifications_call_idx').on(t.callAt).where(sql`status = 'submitted'`),
    // The ID files whose time is up.
    index('host_verifications_id_file_due_idx').on(t.decidedAt).where(sql`id_file_key is not null and status in ('approved', 'rejected')`),
    check('host_verifications_status_check', sql`${t.status} in ('draft', 'submitted', 'approved', 'rejected')`),
  ],
);

/**
 * What signed-in users reported (issue 23). One open report per reporter and target: reporting a
 * thing again while it waits counts once. `subject_id` is the account behind the target (the
 * listing's host, the review's or message's author, the user), the one an operator may suspend.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', ...REPORT_OUTCOMES] }).notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_open_once_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_open_target_idx').on(t.targetType, t.targetId, t.createdAt).where(sql`${t.status} = 'open'`),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    check('reports_target_type_check', sql`${t.targetType} in ('listing', 'review', 'message', 'user')`),
    check('reports_reason_check', sql`${t.reason} in ('unsafe', 'misleading', 'scam', 'abusive', 'discrimination', 'spam', 'other')`),
    check('reports_status_check', sql`${t.status} in ('open', 'dismissed', 'upheld')`),
    check('reports_details_check', sql`char_length(${t.details}) <= 1000`),
  ],
);

/**
 * What operators did (PRODUCT.md section 8): who, what, to what, why and when. Written in the
 * transaction of the action itself; a trigger (migration 0018) refuses any UPDATE or DELETE, so
 * no API, and no bug in one, can change the record.
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the server's own console (`npm run operator`). */
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('operator_actions_target_idx').on(t.targetType, t.targetId, t.createdAt)],
);
