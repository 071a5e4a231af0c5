import { CheckCircle2, ClipboardList, Headset, LayoutDashboard, Mail, Wrench, Zap } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { formatIn } from '../../../lib/money';
import { api } from '../../../lib/api-client';
import { useCatalog } from '../../../lib/catalog';
import { useSession } from '../../../lib/session';
import { useT } from '../../../lib/i18n';
import type { PublicKey } from '../../../../shared/i18n/keys';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

interface ConfirmedState {
  package?: string;
  price?: string;
  features?: string[];
}

// What happens next follows how the pack is delivered (decision 058): nothing here promises more.
const steps: Record<'manual' | 'priority-support', { icon: typeof Wrench; title: PublicKey; text: PublicKey }[]> = {
  manual: [
    { icon: ClipboardList, title: 'confirmed.manual.step1', text: 'confirmed.manual.step1Text' },
    { icon: Wrench, title: 'confirmed.manual.step2', text: 'confirmed.manual.step2Text' },
    { icon: LayoutDashboard, title: 'confirmed.manual.step3', text: 'confirmed.manual.step3Text' },
  ],
  'priority-support': [
    { icon: Zap, title: 'confirmed.priority.step1', text: 'confirmed.priority.step1Text' },
    { icon: Headset, title: 'confirmed.priority.step2', text: 'confirmed.priority.step2Text' },
    { icon: LayoutDashboard, title: 'confirmed.priority.step3', text: 'confirmed.priority.step3Text' },
  ],
};

interface OrderState {
  order: { id: string; planName: string; totalCents: number; currency: string; packId?: string | null; status: string };
}

/** From navigation state when the dialog sent us here, or from the order when opened from the checkout. */
export default function PurchaseConfirmedPage() {
  const state = (useLocation().state ?? {}) as ConfirmedState;
  const t = useT();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { user } = useSession();
  const { data: catalog } = useCatalog();
  const order = useQuery({
    queryKey: ['checkout', sessionId],
    queryFn: () => api<OrderState>(`/checkout/${encodeURIComponent(sessionId ?? '')}`),
    enabled: Boolean(sessionId && user && !state.package),
  });
  const pack = catalog?.packs.find((p) => p.id === order.data?.order.packId) ?? catalog?.packs.find((p) => p.name === state.package);
  const name = state.package ?? order.data?.order.planName ?? t('confirmed.package');
  // The order's own currency: the catalog on this page may be priced in another one since (decision 063).
  const paid = order.data?.order;
  const price = state.price ?? (paid ? t('summary.perMonth', { price: formatIn(paid.totalCents, paid.currency) }) : '—');
  const features = state.features ?? pack?.features ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-14">
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-accent" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-extrabold sm:text-4xl">{t('confirmed.title')}</h1>
        <p className="mt-2 text-muted">{t('confirmed.thanks')}</p>
      </div>
      <Card className="mt-10">
        <h2 className="text-lg font-bold">{t('summary.title')}</h2>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{t('confirmed.package')}</dt>
            <dd className="font-semibold">{name}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">{t('confirmed.price')}</dt>
            <dd className="font-semibold">{price}</dd>
          </div>
        </dl>
        {features.length > 0 && (
          <ul className="mt-4 space-y-1 border-t border-line pt-4 text-sm">
            {features.map((f) => (
              <li key={f}>✓ {f}</li>
            ))}
          </ul>
        )}
      </Card>
      <h2 className="mt-10 text-lg font-bold">{t('confirmed.next')}</h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {steps[pack?.delivery?.type ?? 'manual'].map(({ icon: Icon, title, text }, i) => (
          <li key={title}>
            <Card className="h-full p-5">
              <Icon className="h-6 w-6 text-accent" aria-hidden="true" />
              <p className="mt-3 font-semibold">
                {i + 1}. {t(title)}
              </p>
              <p className="mt-1 text-sm text-muted">{t(text)}</p>
            </Card>
          </li>
        ))}
      </ol>
      <Card className="mt-8 flex gap-3 text-sm">
        <Mail className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        <p className="text-muted">
          {t('confirmed.guide')}
        </p>
      </Card>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to="/dashboard/order?tab=upgrades">{t('confirmed.upgrades')}</ButtonLink>
        <ButtonLink to="/support" variant="outline">
          <Headset className="h-4 w-4" aria-hidden="true" />
          {t('confirmed.support')}
        </ButtonLink>
      </div>
    </div>
  );
}
