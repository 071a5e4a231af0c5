import { CheckCircle2, ClipboardList, Headset, LayoutDashboard, Mail, Wrench, Zap } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { formatPrice } from '../../../lib/money';
import { api } from '../../../lib/api-client';
import { useCatalog } from '../../../lib/catalog';
import { useSession } from '../../../lib/session';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

interface ConfirmedState {
  package?: string;
  price?: string;
  features?: string[];
}

// What happens next follows how the pack is delivered (decision 058): nothing here promises more.
const steps = {
  manual: [
    { icon: ClipboardList, title: 'Your request reaches our team', text: 'A task opens for our staff as soon as the payment clears.' },
    { icon: Wrench, title: 'We set it up by hand', text: 'Our team does the work and leaves you a note when it is done, or tells you why it cannot be.' },
    { icon: LayoutDashboard, title: 'Follow it in your dashboard', text: 'Order Services, Upgrades & Add-ons shows where your pack stands.' },
  ],
  'priority-support': [
    { icon: Zap, title: 'On now', text: 'Priority support started for your account when the payment cleared.' },
    { icon: Headset, title: 'Open a ticket', text: 'Your tickets go to the front of the staff queue.' },
    { icon: LayoutDashboard, title: 'See it in your dashboard', text: 'Order Services, Upgrades & Add-ons shows the pack and until when it is paid.' },
  ],
};

interface OrderState {
  order: { id: string; planName: string; totalCents: number; packId?: string | null; status: string };
}

/** From navigation state when the dialog sent us here, or from the order when opened from the checkout. */
export default function PurchaseConfirmedPage() {
  const state = (useLocation().state ?? {}) as ConfirmedState;
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
  const name = state.package ?? order.data?.order.planName ?? 'Package';
  const price = state.price ?? (order.data ? `${formatPrice(order.data.order.totalCents)}/mo` : '$0.00/mo');
  const features = state.features ?? pack?.features ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-14">
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-accent" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-extrabold sm:text-4xl">Purchase Confirmed!</h1>
        <p className="mt-2 text-muted">Thank you for your order.</p>
      </div>
      <Card className="mt-10">
        <h2 className="text-lg font-bold">Order summary</h2>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Package</dt>
            <dd className="font-semibold">{name}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">Price</dt>
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
      <h2 className="mt-10 text-lg font-bold">What happens next</h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {steps[pack?.delivery?.type ?? 'manual'].map(({ icon: Icon, title, text }, i) => (
          <li key={title}>
            <Card className="h-full p-5">
              <Icon className="h-6 w-6 text-accent" aria-hidden="true" />
              <p className="mt-3 font-semibold">
                {i + 1}. {title}
              </p>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </Card>
          </li>
        ))}
      </ol>
      <Card className="mt-8 flex gap-3 text-sm">
        <Mail className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        <p className="text-muted">
          Your receipt is in Billing. If anything looks wrong, open a ticket from your dashboard and our team will answer it.
        </p>
      </Card>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to="/dashboard/order?tab=upgrades">See your upgrades</ButtonLink>
        <ButtonLink to="/support" variant="outline">
          <Headset className="h-4 w-4" aria-hidden="true" />
          Contact Support
        </ButtonLink>
      </div>
    </div>
  );
}
