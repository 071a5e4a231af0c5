import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocale } from '../../../lib/i18n';

export interface Overview {
  stats: { activeServers: number; spent: { currency: string; cents: number }[]; supportTickets: number; openTickets: number; referrals: number };
  /** Each line already in the page's language, as the server wrote it (`lang`). */
  activity: { id: string; kind: string; message: string; createdAt: string }[];
  /** Something was bought: the page says "Welcome back" and links the last purchase. */
  hasPurchase: boolean;
}

/** The tiles and the activity list; a change of language asks again, as the server words the list. */
export function useOverview() {
  const locale = useLocale();
  return useQuery({ queryKey: ['overview', locale], queryFn: () => api<Overview>(`/overview?lang=${encodeURIComponent(locale)}`) });
}
