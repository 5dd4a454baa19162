import { useMutation } from '@tanstack/react-query';
import type { ReportInput } from '@/domain/contracts/reports';
import { call } from '@/web/lib/api';

export const useSendReport = () => useMutation({ mutationFn: (input: ReportInput) => call('POST /api/reports', { body: input }) });
