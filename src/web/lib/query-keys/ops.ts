import type { AuditTarget } from '@/domain/operator-actions';

// A branch of the web's query-key tree (index.ts, decision 045).

export const ops = {
  all: ['ops'] as const,
  verifications: ['ops', 'verifications'] as const,
  reports: ['ops', 'reports'] as const,
  payouts: ['ops', 'payouts'] as const,
  recoveries: ['ops', 'recoveries'] as const,
  deliveries: ['ops', 'deliveries'] as const,
  incidents: ['ops', 'incidents'] as const,
  incident: (id: string) => ['ops', 'incidents', id] as const,
  users: (email: string) => ['ops', 'users', email] as const,
  account: (id: string) => ['ops', 'account', id] as const,
  history: (type: AuditTarget, id: string) => ['ops', 'history', type, id] as const,
};
