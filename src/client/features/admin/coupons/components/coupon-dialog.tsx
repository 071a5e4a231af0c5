import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { plansForGame } from '../../../../../shared/catalog';
import { couponFloor } from '../../../../../shared/coupons';
import { formatMoney } from '../../../../../shared/money';
import { couponCreateSchema, couponEditSchema, type AdminCoupon } from '../../../../../shared/schemas/admin/coupons';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { Switch } from '../../../../components/ui/switch';
import { amountInputMode, currencyCaption, exampleAmount } from '../../../../../shared/money-input';
import { useCatalog, useShopCurrency } from '../../../../lib/catalog';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import { createInput, editInput, emptyCouponForm, fixedAmount, formFromCoupon, issuesByField, type CouponFormState } from './coupon-form';

type ListKey = 'games' | 'plans' | 'packs';

function Checks({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-accent"
              checked={value.includes(o.value)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** What the restrictions can name: the catalog's games, plans and packs. */
function Restrictions({ state, set, errors }: { state: CouponFormState; set: (key: ListKey, v: string[]) => void; errors: Record<string, string> }) {
  const { data: catalog } = useCatalog();
  if (!catalog) return null;
  return (
    <fieldset className="space-y-4 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold">Only for</legend>
      <p className="text-xs text-muted">Leave everything unticked for any plan and any pack. Ticked, a server must be one of the games or plans, a pack one of the packs.</p>
      <Checks legend="Games" options={catalog.games.map((g) => ({ value: g.slug, label: g.name }))} value={state.games} onChange={(v) => set('games', v)} error={errors.games} />
      <Checks
        legend="Plans"
        options={catalog.games.flatMap((g) => plansForGame(catalog, g.slug).map((p) => ({ value: p.id, label: `${g.name} ${p.name}` })))}
        value={state.plans}
        onChange={(v) => set('plans', v)}
        error={errors.plans}
      />
      <Checks legend="Packs" options={catalog.packs.map((p) => ({ value: p.id, label: p.name }))} value={state.packs} onChange={(v) => set('packs', v)} error={errors.packs} />
    </fieldset>
  );
}

/** The floor a discount leaves, per currency the shop sells in: each currency's own card minimum. */
function FloorNote({ shopCurrency }: { shopCurrency: string }) {
  const { data: catalog } = useCatalog();
  const offered = catalog?.currencies?.length ? catalog.currencies : [shopCurrency];
  const floors = offered.map((c) => `${formatMoney(couponFloor(c), c)} in ${c.toUpperCase()}`).join(', ');
  return (
    <p className="text-xs text-muted" data-testid="coupon-floor">
      A coupon never takes an order or a renewal below the smallest card payment of its currency, so it can still be paid by card: {floors}.
    </p>
  );
}

function serverFields(error: unknown, kind: CouponFormState['kind']) {
  return issuesByField(
    Object.entries(fieldErrors(error)).map(([key, message]) => ({ path: [key], message })),
    kind,
  );
}

/**
 * Create a coupon, or edit one: once customers may hold a coupon its code, discount and duration
 * are shown but locked; the rest governs new redemptions.
 */
export function CouponDialog({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const editing = coupon !== null;
  const currency = useShopCurrency();
  const [state, setState] = useState<CouponFormState>(() => (coupon ? formFromCoupon(coupon, currency) : emptyCouponForm));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const pending = create.isPending || update.isPending;
  const patch = (p: Partial<CouponFormState>) => setState((s) => ({ ...s, ...p }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = editing ? couponEditSchema.safeParse(editInput(state)) : couponCreateSchema.safeParse(createInput(state, currency));
    const fixed = !editing && state.kind === 'fixed' ? fixedAmount(state, currency) : null;
    if (!parsed.success || (fixed && !fixed.ok)) {
      // The typed amount's own message names the currency's decimals; the schema's only sees a number.
      setErrors({ ...(parsed.success ? {} : issuesByField(parsed.error.issues, state.kind)), ...(fixed && !fixed.ok ? { fixed: fixed.error } : {}) });
      return;
    }
    setErrors({});
    try {
      if (coupon) {
        await update.mutateAsync({ id: coupon.id, ...editInput(state) });
        toast.success('Coupon saved', { description: `${coupon.code} now works as you set it for new orders.` });
      } else {
        const made = await create.mutateAsync(createInput(state, currency));
        toast.success('Coupon created', { description: `Customers can now enter ${made.code} (${made.summary}).` });
      }
      onClose();
    } catch (error) {
      setErrors(serverFields(error, state.kind));
      toast.error(editing ? 'Could not save the coupon' : 'Could not create the coupon', { description: errorMessage(error) });
    }
  }

  const locked = editing ? 'Fixed once the coupon exists, so customers keep what they were promised.' : undefined;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? `Edit ${coupon.code}` : 'New coupon'}
      description={editing ? 'Changes apply to new redemptions; customers who already used it keep their discount.' : 'Customers type the code in the configurator or the pack purchase dialog.'}
    >
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Code" error={errors.code} hint={locked ?? 'Letters, digits, dashes and underscores; customers can type it in any case.'}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              autoComplete="off"
              disabled={editing}
              aria-invalid={Boolean(errors.code)}
              aria-describedby={describedBy}
              value={state.code}
              onChange={(e) => patch({ code: e.target.value.toUpperCase() })}
            />
          )}
        </Field>
        <Field label="Description (optional)" error={errors.description} hint="For staff: where the code was given out.">
          {({ id, describedBy }) => (
            <Input id={id} aria-describedby={describedBy} value={state.description} onChange={(e) => patch({ description: e.target.value })} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Discount type">
            {({ id }) => (
              <Select id={id} disabled={editing} value={state.kind} onChange={(e) => patch({ kind: e.target.value as CouponFormState['kind'] })}>
                <option value="percent">Percentage</option>
                <option value="fixed">Fixed amount</option>
              </Select>
            )}
          </Field>
          {state.kind === 'percent' ? (
            <Field label="Percent off" error={errors.percent}>
              {({ id, describedBy }) => (
                <Input id={id} inputMode="numeric" disabled={editing} aria-invalid={Boolean(errors.percent)} aria-describedby={describedBy} value={state.percent} onChange={(e) => patch({ percent: e.target.value })} />
              )}
            </Field>
          ) : (
            <Field label={`Amount off in ${currencyCaption(currency)}`} hint="In the shop's currency; the code does not work for orders in other currencies." error={errors.fixed}>
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  inputMode={amountInputMode(currency)}
                  placeholder={exampleAmount(currency)}
                  disabled={editing}
                  aria-invalid={Boolean(errors.fixed)}
                  aria-describedby={describedBy}
                  value={state.fixed}
                  onChange={(e) => patch({ fixed: e.target.value })}
                />
              )}
            </Field>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Lasts" hint={locked}>
            {({ id, describedBy }) => (
              <Select id={id} aria-describedby={describedBy} disabled={editing} value={state.duration} onChange={(e) => patch({ duration: e.target.value as CouponFormState['duration'] })}>
                <option value="once">Once: the first payment</option>
                <option value="repeating">Several billing periods</option>
                <option value="forever">Forever: every renewal too</option>
              </Select>
            )}
          </Field>
          {state.duration === 'repeating' && (
            <Field label="Billing periods" error={errors.periods} hint="The first payment counts as one.">
              {({ id, describedBy }) => (
                <Input id={id} inputMode="numeric" disabled={editing} aria-invalid={Boolean(errors.periods)} aria-describedby={describedBy} value={state.periods} onChange={(e) => patch({ periods: e.target.value })} />
              )}
            </Field>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Expires after (optional)" error={errors.expiresOn} hint="The end of that day.">
            {({ id, describedBy }) => (
              <Input id={id} type="date" aria-invalid={Boolean(errors.expiresOn)} aria-describedby={describedBy} value={state.expiresOn} onChange={(e) => patch({ expiresOn: e.target.value })} />
            )}
          </Field>
          <Field label="Maximum redemptions (optional)" error={errors.max} hint="Empty: no limit.">
            {({ id, describedBy }) => (
              <Input id={id} inputMode="numeric" aria-invalid={Boolean(errors.max)} aria-describedby={describedBy} value={state.max} onChange={(e) => patch({ max: e.target.value })} />
            )}
          </Field>
        </div>
        <div className="divide-y divide-line">
          <Switch label="Once per customer" description="A customer can use it on one order only." checked={state.oncePerCustomer} onCheckedChange={(v) => patch({ oncePerCustomer: v })} />
          <Switch label="First order only" description="Only for customers who have never paid for anything." checked={state.firstOrderOnly} onCheckedChange={(v) => patch({ firstOrderOnly: v })} />
        </div>
        <Restrictions state={state} set={(key, v) => patch({ [key]: v })} errors={errors} />
        <FloorNote shopCurrency={currency} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : editing ? 'Save changes' : 'Create coupon'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
