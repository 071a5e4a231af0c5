import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '../../../../../shared/money';
import { amountInputMode, currencyCaption, majorText, readMajorAmount } from '../../../../../shared/money-input';
import { priceChoice } from '../../../../../shared/pricing';
import { staffReasonSchema } from '../../../../../shared/schemas/admin/staff';
import type { UnlinkedPanelServer } from '../../../../../shared/schemas/admin/panel-links';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { useCatalog, useShopCurrency } from '../../../../lib/catalog';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useLinkPanelServer } from '../api/link-panel-server';
import { useCustomerSearch } from '../api/search-customers';

/** The plan whose memory is closest to what the server has on the panel, within its game if known. */
function closestPlan(plans: { id: string; ramGb: number }[], memoryMb: number): string {
  let best = plans[0]?.id ?? '';
  let gap = Infinity;
  for (const plan of plans) {
    const d = Math.abs(plan.ramGb * 1024 - memoryMb);
    if (d < gap) [best, gap] = [plan.id, d];
  }
  return best;
}

/**
 * Links one panel server to a customer here: who pays, the plan and period it renews on, the price
 * of each period (the catalog's by default) and the first renewal date, with the reason kept in the
 * audit log. Every field is a labelled native control, so it works from the keyboard alone.
 */
export function LinkPanelServerDialog({ server, onClose }: { server: UnlinkedPanelServer; onClose: () => void }) {
  const { data: catalog } = useCatalog();
  // The server bills a linked server in the shop's currency; the catalog here may be priced in the one picked in the header.
  const currency = useShopCurrency();
  const formatPrice = (minor: number) => formatMoney(minor, currency);
  const link = useLinkPanelServer();
  const [search, setSearch] = useState('');
  const found = useCustomerSearch(search);
  const [customerId, setCustomerId] = useState(server.customer?.id ?? '');
  const [planId, setPlanId] = useState('');
  const [period, setPeriod] = useState('');
  const [location, setLocation] = useState(server.location ?? '');
  const [price, setPrice] = useState<string | null>(null);
  const [renewsAt, setRenewsAt] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const plans = useMemo(() => catalog?.plans ?? [], [catalog]);
  const chosenPlan = planId || closestPlan(plans, server.memoryMb);
  const chosenPeriod = period || catalog?.periods[0]?.value || '';
  const chosenLocation = location || catalog?.locations[0]?.value || '';
  const catalogCents = useMemo(() => {
    const plan = plans.find((p) => p.id === chosenPlan);
    if (!catalog || !plan || catalog.currency !== currency) return null;
    try {
      return priceChoice(catalog, { game: plan.game, plan: plan.id, period: chosenPeriod, location: chosenLocation, addons: {} }).totalCents;
    } catch {
      return null;
    }
  }, [catalog, currency, plans, chosenPlan, chosenPeriod, chosenLocation]);
  const priceText = price ?? (catalogCents !== null ? majorText(catalogCents, currency) : '');

  const customers = useMemo(() => {
    const list = (found.data?.items ?? []).map((c) => ({ id: c.id, email: c.email }));
    if (server.customer && !list.some((c) => c.id === server.customer!.id)) list.unshift(server.customer);
    return list;
  }, [found.data, server.customer]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!customerId) next.customerId = 'Choose a customer';
    const typed = readMajorAmount(priceText, currency, { required: true });
    const cents = typed.ok ? typed.minor : null;
    if (!typed.ok) next.priceCents = typed.error;
    if (!renewsAt) next.renewsAt = 'Choose the next renewal date';
    const why = staffReasonSchema.safeParse(reason);
    if (!why.success) next.reason = why.error.issues[0]?.message ?? 'Please give a reason';
    setErrors(next);
    if (Object.keys(next).length > 0 || cents === null || !why.success) return;
    try {
      const linked = await link.mutateAsync({
        panelServerId: server.panelServerId,
        customerId,
        planId: chosenPlan,
        period: chosenPeriod,
        location: chosenLocation,
        priceCents: cents,
        renewsAt,
        reason: why.data,
      });
      toast.success('Server linked', {
        description: `${server.name} now renews for ${linked.customerEmail} at ${formatPrice(linked.priceCents)} from ${linked.renewsAt.slice(0, 10)}.`,
      });
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors({ ...fields, form: Object.keys(fields).length ? '' : errorMessage(error) });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Link ${server.name} to a customer`}
      description="From its next renewal date it is billed and managed here like a server bought in the shop."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Find a customer" hint="Type the start of their email address.">
          {({ id, describedBy }) => (
            <Input id={id} type="search" aria-describedby={describedBy} autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
          )}
        </Field>
        <Field label="Customer" error={errors.customerId}>
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.customerId)} value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
              <option value="">{customers.length ? 'Choose a customer' : 'No customer found yet'}</option>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.email}
                  {server.customer?.id === c.id ? ' (owner on the panel)' : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Plan" error={errors.planId}>
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} value={chosenPlan} onChange={(e) => setPlanId(e.target.value)}>
              {plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {catalog?.games.find((g) => g.slug === p.game)?.name ?? p.game} {p.name}, {formatMoney(p.priceCents, catalog?.currency ?? currency)}/month
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Billing period" error={errors.period}>
            {({ id, describedBy }) => (
              <Select id={id} aria-describedby={describedBy} value={chosenPeriod} onChange={(e) => setPeriod(e.target.value)}>
                {(catalog?.periods ?? []).map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Location" error={errors.location}>
            {({ id, describedBy }) => (
              <Select id={id} aria-describedby={describedBy} value={chosenLocation} onChange={(e) => setLocation(e.target.value)}>
                {(catalog?.locations ?? []).map((l) => (
                  <option key={l.value} value={l.value}>
                    {l.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={`Price per period in ${currencyCaption(currency)}`}
            hint={catalogCents !== null ? `The catalog price is ${formatPrice(catalogCents)}.` : undefined}
            error={errors.priceCents}
          >
            {({ id, describedBy }) => (
              <Input
                id={id}
                inputMode={amountInputMode(currency)}
                aria-describedby={describedBy}
                aria-invalid={Boolean(errors.priceCents)}
                value={priceText}
                onChange={(e) => setPrice(e.target.value)}
              />
            )}
          </Field>
          <Field label="Next renewal date" hint="Renews at midnight UTC." error={errors.renewsAt}>
            {({ id, describedBy }) => (
              <Input
                id={id}
                type="date"
                aria-describedby={describedBy}
                aria-invalid={Boolean(errors.renewsAt)}
                value={renewsAt}
                onChange={(e) => setRenewsAt(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Reason" hint="Kept in the audit log with your name." error={errors.reason}>
          {({ id, describedBy }) => (
            <Textarea id={id} rows={2} aria-describedby={describedBy} aria-invalid={Boolean(errors.reason)} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={link.isPending}>
            {link.isPending ? 'Linking...' : 'Link server'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
