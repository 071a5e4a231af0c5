import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { SlaCreditPreview, SlaNodeMeasure } from '../../../../../shared/schemas/admin/sla-credits';
import { formatMoney } from '../../../../../shared/money';
import { amountInputMode, currencyCaption, readMajorAmount } from '../../../../../shared/money-input';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { ApiError } from '../../../../lib/api-client';
import { useCan } from '../../components/use-can';
import { useSlaCredit } from '../api/get-sla-credit';
import { useGrantSlaCredit } from '../api/grant-sla-credit';
import { formatDateTime } from './format';

/** The calendar month before `now`, as YYYY-MM (UTC): the one a claim is usually about. */
export function lastMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

function coverage(n: SlaNodeMeasure): string {
  if (n.expectedChecks === 0) return '—';
  return `${Math.floor((n.checks / n.expectedChecks) * 1000) / 10}%`;
}

function NodesTable({ preview }: { preview: SlaCreditPreview }) {
  if (preview.nodes.length === 0) return <p className="mt-3 text-sm text-muted">No node of {preview.location} has checks for this month.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Checks of the nodes serving {preview.location}</caption>
        <thead className="text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3">Node</th>
            <th scope="col" className="py-1 pr-3">Uptime</th>
            <th scope="col" className="py-1 pr-3">Checks (coverage)</th>
            <th scope="col" className="py-1 pr-3">Down</th>
            <th scope="col" className="py-1">Left out as maintenance</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {preview.nodes.map((n) => (
            <tr key={n.component} className="border-t border-line">
              <td className="py-1 pr-3">{n.label}</td>
              <td className="py-1 pr-3">{n.uptimePercent === null ? 'No data' : `${n.uptimePercent}%`}</td>
              <td className="py-1 pr-3">
                {n.checks} of {n.expectedChecks} ({coverage(n)})
              </td>
              <td className="py-1 pr-3">{n.down}</td>
              <td className="py-1">{n.excludedDown}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const CLAIM_DAY = /^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function GrantForm({ serverId, preview, node }: { serverId: string; preview: SlaCreditPreview; node: string }) {
  const grant = useGrantSlaCredit(serverId);
  const [amount, setAmount] = useState('');
  const [ticketId, setTicketId] = useState('');
  const [claimedOn, setClaimedOn] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const computed = formatMoney(preview.computedCents, preview.currency);
  const cap = formatMoney(preview.capCents, preview.currency);
  const amountNeeded = preview.computedCents === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    const typed = readMajorAmount(amount, preview.currency, { positive: true });
    if (!typed.ok) next.amountCents = typed.error;
    else if (typed.minor === null && amountNeeded) next.amountCents = 'Enter the amount: the rules give nothing for this month';
    else if (typed.minor !== null && typed.minor > preview.capCents) next.amountCents = `At most ${cap}, the cap of the month's fee`;
    const ticket = ticketId.trim();
    const day = claimedOn.trim();
    if (ticket && !UUID.test(ticket)) next.ticketId = 'Enter the id of the ticket the claim was made on';
    if (day && !CLAIM_DAY.test(day)) next.claimedOn = 'Enter the day of the claim as YYYY-MM-DD';
    else if (day && ticket) next.claimedOn = 'Give the ticket or the day of the claim, not both';
    if (reason.trim().length < 3) next.reason = 'Please give a reason of at least 3 characters';
    setErrors(next);
    if (Object.keys(next).length > 0 || !typed.ok) return;
    try {
      const done = await grant.mutateAsync({
        month: preview.month,
        ...(node && { node }),
        ...(typed.minor !== null && { amountCents: typed.minor }),
        ...(ticket && { ticketId: ticket }),
        ...(day && { claimedOn: day }),
        reason: reason.trim(),
      });
      toast.success(`Credited ${formatMoney(done.granted?.amountCents ?? 0, done.currency)} to the owner's balance`);
    } catch (error) {
      if (error instanceof ApiError) setErrors({ ...(error.fields ?? {}), form: error.message });
      else throw error;
    }
  }

  const amountHint = amountNeeded
    ? `The rules give nothing; enter what to grant, up to ${cap}, and say why in the reason.`
    : `Leave empty to grant ${computed}. Another amount, up to ${cap}, needs the reason to say why.`;
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-2" noValidate>
      <Field label={`Amount in ${currencyCaption(preview.currency)}${amountNeeded ? '' : ' (optional)'}`} error={errors.amountCents} hint={amountHint}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            aria-describedby={describedBy}
            aria-invalid={Boolean(errors.amountCents)}
            inputMode={amountInputMode(preview.currency)}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
      </Field>
      <Field label="Reason (for the audit log)" error={errors.reason}>
        {({ id, describedBy }) => (
          <Textarea id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.reason)} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
      <Field
        label="Ticket of the claim (optional)"
        error={errors.ticketId}
        hint="The ticket's id: the claim is dated when it was opened. Without a ticket or a day, the claim is dated today."
      >
        {({ id, describedBy }) => (
          <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.ticketId)} value={ticketId} onChange={(e) => setTicketId(e.target.value)} />
        )}
      </Field>
      <Field label="Or the day of the claim, YYYY-MM-DD (optional)" error={errors.claimedOn} hint="When the claim was not made on a ticket.">
        {({ id, describedBy }) => (
          <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.claimedOn)} value={claimedOn} onChange={(e) => setClaimedOn(e.target.value)} />
        )}
      </Field>
      {errors.form && (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {errors.form}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={grant.isPending}>
          {grant.isPending ? 'Granting…' : 'Grant SLA credit'}
        </Button>
      </div>
    </form>
  );
}

function Assessment({ serverId, preview, node, measuring }: { serverId: string; preview: SlaCreditPreview; node: string; measuring: boolean }) {
  const canGrant = useCan('money.write');
  const money = (cents: number) => formatMoney(cents, preview.currency);
  const mixedDays = preview.measured?.maintenanceDownDays ?? [];
  return (
    <div className="mt-4">
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs uppercase tracking-wide text-muted">Paid for the month</dt>
          <dd className="mt-0.5 tabular-nums">
            {money(preview.feeCents)}
            {preview.refundedCents > 0 && ` (${money(preview.paidCents)} paid, ${money(preview.refundedCents)} refunded)`}
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-muted">Measured uptime</dt>
          <dd className="mt-0.5 tabular-nums">
            {preview.measured?.uptimePercent != null ? `${preview.measured.uptimePercent}% (${preview.measured.label})` : 'Not known'}
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-muted">Credit by the rules</dt>
          <dd className="mt-0.5 tabular-nums">
            {money(preview.computedCents)} ({preview.creditPercent}%, cap {preview.capPercent}%: {money(preview.capCents)})
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-muted">Claims accepted until</dt>
          <dd className="mt-0.5">
            {preview.claimBy}
            {preview.claimWindowClosed && ' (closed: grant only with the ticket or day of a claim made by then)'}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs uppercase tracking-wide text-muted">Announced maintenance left out</dt>
          <dd className="mt-0.5">
            {preview.maintenance.length === 0
              ? 'None'
              : preview.maintenance.map((m) => `${m.title} (${formatDateTime(m.startsAt)} – ${formatDateTime(m.endsAt)})`).join('; ')}
          </dd>
        </div>
      </dl>
      <NodesTable preview={preview} />
      <p className="mt-2 text-xs text-muted">
        Nodes without checks for the month are not listed.
        {preview.nodesWithoutChecks > 0 &&
          ` The panel lists ${preview.nodesWithoutChecks} more node(s) in ${preview.location} without checks, so the node is not picked automatically.`}
      </p>
      {mixedDays.length > 0 && (
        <p className="mt-3 rounded-lg border border-line bg-surface-2 p-3 text-sm">
          Maintenance and down checks fell on the same day ({mixedDays.join(', ')}). The checks are counted per day, so down checks outside the maintenance
          window may have been left out. Check the node&apos;s history that day; you can grant more than the rules give, up to {money(preview.capCents)}.
        </p>
      )}
      <p className="mt-3 text-xs text-muted">
        Not left out automatically: suspension, the customer&apos;s own stops, restarts and mods, and outages of third-party services. Check the server&apos;s
        history, and grant less when they account for part of the downtime. Days without checks count neither way.
      </p>
      <div aria-live="polite">
        {measuring ? (
          <p className="mt-4 text-sm text-muted">Measuring the node…</p>
        ) : preview.granted ? (
          <p className="mt-4 rounded-lg bg-surface-2 p-3 text-sm">
            Granted {money(preview.granted.amountCents)} on {formatDateTime(preview.granted.createdAt)}
            {preview.granted.createdByEmail ? ` by ${preview.granted.createdByEmail}` : ''}: {preview.granted.reason}
          </p>
        ) : preview.refusal ? (
          <p className="mt-4 rounded-lg bg-surface-2 p-3 text-sm">{preview.refusal}</p>
        ) : canGrant ? null : (
          <p className="mt-4 text-sm text-muted">Billing or admin staff can grant this credit.</p>
        )}
      </div>
      {!measuring && !preview.granted && !preview.refusal && canGrant && <GrantForm serverId={serverId} preview={preview} node={node} />}
    </div>
  );
}

/** The server page's SLA credit: a month's measured uptime, the fee paid for it, and the grant (decision 081). */
export function SlaCreditCard({ serverId, now = new Date() }: { serverId: string; now?: Date }) {
  const canRead = useCan('money.read');
  const [month, setMonth] = useState(() => lastMonth(now));
  const [node, setNode] = useState('');
  const query = useSlaCredit(serverId, month, node);
  if (!canRead) return null;
  const queryError = query.error instanceof ApiError ? query.error : null;
  const monthError = queryError?.fields?.month ?? (/^\d{4}-(0[1-9]|1[0-2])$/.test(month)
      ? /^20\d{2}-/.test(month)
        ? undefined
        : 'Enter a month between 2000 and 2099'
      : 'Enter the month as YYYY-MM, for example 2026-10');
  const preview = query.data;
  return (
    <Card>
      <h2 className="text-lg font-bold">SLA credit</h2>
      <p className="mt-1 text-sm text-muted">
        A calendar month&apos;s uptime of the node the server ran on, from the status checks, and the credit the business rules give for it.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field label="Month (YYYY-MM)" error={monthError}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={Boolean(monthError)}
              value={month}
              onChange={(e) => {
                setMonth(e.target.value.trim());
                setNode('');
              }}
            />
          )}
        </Field>
        {preview && (preview.nodes.length > 1 || preview.nodesWithoutChecks > 0) && preview.nodes.length > 0 && (
          <Field label="Node the server ran on">
            {({ id }) => (
              <Select id={id} value={node} onChange={(e) => setNode(e.target.value)}>
                <option value="">Choose a node</option>
                {preview.nodes.map((n) => (
                  <option key={n.component} value={n.component}>
                    {n.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </div>
      {query.isLoading && <p className="mt-3 text-sm text-muted">Measuring the month…</p>}
      {queryError && !queryError.fields?.month && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {queryError.message}
        </p>
      )}
      {preview && preview.month === month && (
        <Assessment key={`${month}-${node}`} serverId={serverId} preview={preview} node={node} measuring={query.isPlaceholderData} />
      )}
    </Card>
  );
}
