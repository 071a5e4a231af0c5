import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../../shared/schemas/support';
import { api } from '../../../lib/api-client';

export interface ContactReceipt {
  id: string;
  reference: string;
}

/** POST /api/contact: the public support form, stored as a guest ticket. */
export function sendContact(input: ContactInput) {
  return api<ContactReceipt>('/contact', { method: 'POST', body: input });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
