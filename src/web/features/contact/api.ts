import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@/domain/schemas/contact';
import { api } from '@/web/lib/api';

/** `POST /api/contact`: stored, and e-mailed to support. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.post<{ id: string }>('/api/contact', input),
  });
}
