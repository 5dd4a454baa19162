// What operators do (issue 23, PRODUCT.md section 8), as the record names each action and its
// target: shared by the server, which writes the record, and the console, which reads it out.

export const OPERATOR_ACTIONS = [
  'grant_operator',
  'revoke_operator',
  'view_id_document',
  'approve_verification',
  'reject_verification',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const OPERATOR_ACTION_NAMES: Record<OperatorAction, string> = {
  grant_operator: 'Made an operator',
  revoke_operator: 'Operator role taken away',
  view_id_document: 'Opened the ID document',
  approve_verification: 'Approved the verification',
  reject_verification: 'Rejected the verification',
};

export const AUDIT_TARGETS = ['user', 'verification', 'listing', 'review', 'report'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];
