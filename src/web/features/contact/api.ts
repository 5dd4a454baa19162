import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@/domain/contracts/contact';
import { call } from '@/web/lib/api';

/** `POST /api/contact`: stored, and e-mailed to support. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => call('POST /api/contact', { body: input }),
  });
}
