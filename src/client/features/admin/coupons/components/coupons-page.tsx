import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { couponStatuses, type AdminCoupon, type CouponStatus } from '../../../../../shared/schemas/admin/coupons';
import { formatMoney } from '../../../../../shared/money';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/field';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { Select } from '../../../../components/ui/select';
import { errorMessage } from '../../../../lib/errors';
import { useEnableCoupon } from '../api/enable-coupon';
import { useCoupons } from '../api/get-coupons';
import { CouponDialog } from './coupon-dialog';
import { DisableCouponDialog } from './disable-coupon-dialog';

const statusLabels: Record<CouponStatus, string> = { active: 'Active', disabled: 'Disabled', expired: 'Expired', used_up: 'Used up' };
const statusTones = { active: 'green', disabled: 'grey', expired: 'yellow', used_up: 'violet' } as const;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function restrictions(c: AdminCoupon): string {
  const parts = [...c.games, ...c.plans, ...c.packs];
  return parts.length ? parts.join(', ') : 'Anything';
}

/** "$16.80 and €4.00 off": what paid orders saved, each currency on its own, never added together. */
function given(c: AdminCoupon): string {
  if (c.discountGiven.length === 0) return 'nothing off yet';
  return `${c.discountGiven.map((g) => formatMoney(g.cents, g.currency)).join(' and ')} off`;
}

function rules(c: AdminCoupon): string {
  return [c.oncePerCustomer ? 'Once per customer' : 'Reusable', c.firstOrderOnly ? 'first order only' : ''].filter(Boolean).join(', ');
}

type Editing = { kind: 'create' } | { kind: 'edit' | 'disable'; coupon: AdminCoupon } | null;

function CouponsTable({ coupons, onEdit }: { coupons: AdminCoupon[]; onEdit: (e: Editing) => void }) {
  const enable = useEnableCoupon();

  async function turnOn(c: AdminCoupon) {
    try {
      await enable.mutateAsync({ id: c.id });
      toast.success('Coupon enabled', { description: `${c.code} is accepted again.` });
    } catch (e) {
      toast.error('Could not enable the coupon', { description: errorMessage(e) });
    }
  }

  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-[880px] text-left text-sm">
        <caption className="sr-only">Coupons</caption>
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">Code</th>
            <th scope="col" className="px-4 py-3">Discount</th>
            <th scope="col" className="px-4 py-3">Redemptions</th>
            <th scope="col" className="px-4 py-3">For</th>
            <th scope="col" className="px-4 py-3">Expires</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {coupons.map((c) => (
            <tr key={c.id} data-code={c.code}>
              <td className="px-4 py-3">
                <p className="font-mono font-semibold">{c.code}</p>
                {c.description && <p className="text-xs text-muted">{c.description}</p>}
              </td>
              <td className="px-4 py-3">
                <p>{c.summary}</p>
                <p className="text-xs text-muted">{rules(c)}</p>
              </td>
              <td className="px-4 py-3 tabular-nums">
                <p data-testid="redeemed">
                  {c.redeemed}
                  {c.maxRedemptions !== null ? ` of ${c.maxRedemptions}` : ''}
                </p>
                <p className="text-xs text-muted">
                  {c.paid} paid{c.reserved > 0 ? `, ${c.reserved} waiting for payment` : ''} · {given(c)}
                </p>
              </td>
              <td className="max-w-[200px] px-4 py-3 text-muted">{restrictions(c)}</td>
              <td className="px-4 py-3 text-muted">{c.expiresAt ? day.format(new Date(c.expiresAt)) : 'Never'}</td>
              <td className="px-4 py-3">
                <Badge tone={statusTones[c.status]}>{statusLabels[c.status]}</Badge>
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="outline" onClick={() => onEdit({ kind: 'edit', coupon: c })} aria-label={`Edit ${c.code}`}>
                    Edit
                  </Button>
                  {c.disabledAt ? (
                    <Button size="sm" variant="ghost" disabled={enable.isPending} onClick={() => void turnOn(c)} aria-label={`Enable ${c.code}`}>
                      Enable
                    </Button>
                  ) : (
                    <Button size="sm" variant="ghost" onClick={() => onEdit({ kind: 'disable', coupon: c })} aria-label={`Disable ${c.code}`}>
                      Disable
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/coupons: every coupon with how often it was used; create, edit what is safe, disable. Billing and admin. */
export default function CouponsPage() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<CouponStatus | ''>('');
  const { data, isError } = useCoupons({ q: q.trim() || undefined, status: status || undefined });
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">Coupons</h1>
          <p className="mt-1 text-muted">Discount codes for the configurator and the packs. Every change is in the audit log.</p>
        </div>
        <Button onClick={() => setEditing({ kind: 'create' })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          New coupon
        </Button>
      </div>
      <div className="flex flex-wrap gap-3">
        <Input className="max-w-xs" aria-label="Search coupons by code" placeholder="Search by code" value={q} onChange={(e) => setQ(e.target.value)} />
        <Select className="max-w-[12rem]" aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as CouponStatus | '')}>
          <option value="">All statuses</option>
          {couponStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </Select>
      </div>

      {isError && <p className="text-danger">We could not load the coupons. Please refresh the page.</p>}
      {!data && !isError && <PageSpinner label="Loading coupons..." />}
      {data &&
        (data.coupons.length === 0 ? (
          <p className="rounded-2xl border border-line p-8 text-center text-muted">
            {q || status ? 'No coupon matches.' : 'No coupons yet. Create one to give customers a discount.'}
          </p>
        ) : (
          <CouponsTable coupons={data.coupons} onEdit={setEditing} />
        ))}

      {editing?.kind === 'create' && <CouponDialog coupon={null} onClose={() => setEditing(null)} />}
      {editing?.kind === 'edit' && <CouponDialog coupon={editing.coupon} onClose={() => setEditing(null)} />}
      {editing?.kind === 'disable' && <DisableCouponDialog coupon={editing.coupon} onClose={() => setEditing(null)} />}
    </div>
  );
}
