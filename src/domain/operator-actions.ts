// What operators do (issue 23, PRODUCT.md section 8), as the record names each action and its
// target: shared by the server, which writes the record, and the console, which reads it out.

export const OPERATOR_ACTIONS = [
  'grant_operator',
  'revoke_operator',
  'view_id_document',
  'approve_verification',
  'reject_verification',
  'suspend_user',
  'restore_user',
  'hide_listing',
  'restore_listing',
  'remove_review',
  'dismiss_reports',
  'retry_payout',
  'retry_recovery',
  'retry_delivery',
  'view_incident',
  'note_incident',
  'message_incident',
  'resolve_incident',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const OPERATOR_ACTION_NAMES: Record<OperatorAction, string> = {
  grant_operator: 'Made an operator',
  revoke_operator: 'Operator role taken away',
  view_id_document: 'Opened the ID document',
  approve_verification: 'Approved the verification',
  reject_verification: 'Rejected the verification',
  suspend_user: 'Suspended the account',
  restore_user: 'Restored the account',
  hide_listing: 'Hid the listing',
  restore_listing: 'Showed the listing again',
  remove_review: 'Removed the review',
  dismiss_reports: 'Dismissed the reports',
  retry_payout: 'Sent the payout again',
  retry_recovery: 'Asked for it to be taken back again',
  retry_delivery: 'Sent it again',
  view_incident: 'Opened the incident',
  note_incident: 'Noted',
  message_incident: 'Wrote to both sides',
  resolve_incident: 'Resolved the incident',
};

export const AUDIT_TARGETS = ['user', 'verification', 'listing', 'review', 'message', 'payout', 'recovery', 'incident', 'delivery'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** What an operator is told who acts on their own account, listing, review, request or reports. */
export const SELF_ACTION = 'Another operator must decide this: it concerns your own account';
