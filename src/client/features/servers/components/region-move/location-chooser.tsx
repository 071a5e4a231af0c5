import { useState } from 'react';
import { formatPrice } from '../../../../lib/money';
import type { RegionMoveOption, RegionMoveOptions, RegionMoveView } from '../../../../../shared/schemas/region-moves';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { UNEXPECTED_ERROR } from '../../../../lib/errors';
import { useRequestRegionMove } from '../../api/request-region-move';

/** The price difference of a location, in words: "Same price", "+$1.50 now", "$1.50 back as credit". */
export function differenceText(option: Pick<RegionMoveOption, 'grossCents'>): string {
  if (option.grossCents > 0) return `+${formatPrice(option.grossCents)} now for the rest of this period`;
  if (option.grossCents < 0) return `${formatPrice(-option.grossCents)} back as account credit`;
  return 'Same price';
}

export function moveErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'internal' && error.code !== 'http_error') return error.message;
  return UNEXPECTED_ERROR;
}

function payingWith(options: RegionMoveOptions, grossCents: number): string {
  const credit = Math.min(options.payment.creditCents, grossCents);
  const card = options.payment.savedCard ? `your ${options.payment.savedCard.brand} card ending in ${options.payment.savedCard.last4}` : 'your saved card';
  if (credit >= grossCents) return `Paid from your account credit (${formatPrice(credit)}).`;
  if (credit > 0) return `${formatPrice(credit)} from your account credit, then ${formatPrice(grossCents - credit)} on ${card}.`;
  return `Charged to ${card} when you confirm.`;
}

/** Choose a location with room (each with its price difference), then confirm the move. */
export function LocationChooser({
  serverId,
  serverName,
  options,
  onStarted,
}: {
  serverId: string;
  serverName: string;
  options: RegionMoveOptions;
  onStarted: (move: RegionMoveView) => void;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const request = useRequestRegionMove(serverId);
  const chosen = options.locations.find((l) => l.value === choice) ?? null;

  if (confirming && chosen) {
    return (
      <div className="space-y-4">
        <h3 className="font-semibold">
          Move {serverName} to {chosen.label}?
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>The server stops, is backed up and starts again in {chosen.label} with its files and worlds, usually within a few minutes.</li>
          <li>It gets a new address there; the old one stops answering. We email you the new one.</li>
          <li>If any step fails, everything is put back and the server comes back online where it is now.</li>
          <li>
            {chosen.grossCents > 0
              ? `${formatPrice(chosen.grossCents)} for the rest of this period. ${payingWith(options, chosen.grossCents)}`
              : chosen.grossCents < 0
                ? `${formatPrice(-chosen.grossCents)} for the rest of this period goes to your account credit once the move is done.`
                : 'The price stays the same.'}{' '}
            Renewals then cost {formatPrice(chosen.renewalCents)} before tax.
          </li>
        </ul>
        {request.isError && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            {moveErrorText(request.error)}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={request.isPending}
            onClick={() =>
              request.mutate({ location: chosen.value, catalogVersion: options.catalogVersion }, { onSuccess: (move) => onStarted(move) })
            }
          >
            {request.isPending ? 'Starting the move...' : `Move to ${chosen.label}`}
          </Button>
          <Button variant="outline" disabled={request.isPending} onClick={() => (request.reset(), setConfirming(false))}>
            Back
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm">
        Now in <strong>{options.current.label}</strong>
        {options.current.address && (
          <>
            {' '}
            at <span className="font-mono">{options.current.address}</span>
          </>
        )}
        .
      </p>
      {options.locations.length === 0 ? (
        <p role="status" className="rounded-lg border border-line p-3 text-sm">
          No other location has room for this server right now. Try again later.
        </p>
      ) : (
        <fieldset>
          <legend className="text-sm font-semibold">Move to</legend>
          <div className="mt-2 grid gap-2">
            {options.locations.map((l) => (
              <label
                key={l.value}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                  l.value === choice ? 'border-accent bg-accent/10' : 'border-line bg-surface hover:border-muted',
                )}
              >
                <input
                  type="radio"
                  name="location"
                  value={l.value}
                  checked={l.value === choice}
                  onChange={() => setChoice(l.value)}
                  aria-label={l.label}
                  aria-describedby={`move-${l.value}-price`}
                  className="h-4 w-4 accent-[#4ade80]"
                />
                <span className="min-w-0 flex-1 font-semibold">{l.label}</span>
                <span id={`move-${l.value}-price`} className="shrink-0 text-right text-sm tabular-nums">
                  {differenceText(l)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {options.full.length > 0 && (
        <p className="text-xs text-muted">Full right now: {options.full.map((l) => l.label).join(', ')}.</p>
      )}
      <Button disabled={!chosen} onClick={() => setConfirming(true)}>
        Continue
      </Button>
    </div>
  );
}
