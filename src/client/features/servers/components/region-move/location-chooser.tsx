import { useState } from 'react';
import { formatIn } from '../../../../lib/money';
import type { RegionMoveOption, RegionMoveOptions, RegionMoveView } from '../../../../../shared/schemas/region-moves';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { unexpectedError } from '../../../../lib/errors';
import { fieldMessage } from '../../../../lib/field-message';
import { translate, useLocale, useT } from '../../../../lib/i18n';
import { useRequestRegionMove } from '../../api/request-region-move';

/** The price difference of a location, in words: "Same price", "+$1.50 now", "$1.50 back as credit". */
export function differenceText(option: Pick<RegionMoveOption, 'grossCents'>, currency: string): string {
  if (option.grossCents > 0) return translate('move.diff.more', { amount: formatIn(option.grossCents, currency) });
  if (option.grossCents < 0) return translate('move.diff.less', { amount: formatIn(-option.grossCents, currency) });
  return translate('move.diff.same');
}

export function moveErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'internal' && error.code !== 'http_error') return fieldMessage(error.message);
  return unexpectedError();
}

function payingWith(options: RegionMoveOptions, grossCents: number): string {
  const credit = Math.min(options.payment.creditCents, grossCents);
  const card = options.payment.savedCard
    ? translate('move.savedCard', { brand: options.payment.savedCard.brand, last4: options.payment.savedCard.last4 })
    : translate('move.anySavedCard');
  const formatPrice = (minor: number) => formatIn(minor, options.currency);
  if (credit >= grossCents) return translate('move.pay.credit', { amount: formatPrice(credit) });
  if (credit > 0) return translate('move.pay.split', { credit: formatPrice(credit), rest: formatPrice(grossCents - credit), card });
  return translate('move.pay.card', { card });
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
  const t = useT();
  const locale = useLocale();
  const [choice, setChoice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const request = useRequestRegionMove(serverId);
  const chosen = options.locations.find((l) => l.value === choice) ?? null;
  const formatPrice = (minor: number) => formatIn(minor, options.currency);

  if (confirming && chosen) {
    return (
      <div className="space-y-4">
        <h3 className="font-semibold">
          {t('move.confirm.title', { server: serverName, location: chosen.label })}
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>{t('move.confirm.stops', { location: chosen.label })}</li>
          <li>{t('move.confirm.address')}</li>
          <li>{t('move.confirm.rollback')}</li>
          <li>
            {chosen.grossCents > 0
              ? t('move.confirm.more', { amount: formatPrice(chosen.grossCents), paying: payingWith(options, chosen.grossCents) })
              : chosen.grossCents < 0
                ? t('move.confirm.less', { amount: formatPrice(-chosen.grossCents) })
                : t('move.confirm.same')}{' '}
            {t('move.confirm.renewal', { amount: formatPrice(chosen.renewalCents) })}
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
            {request.isPending ? t('move.starting') : t('move.moveTo', { location: chosen.label })}
          </Button>
          <Button variant="outline" disabled={request.isPending} onClick={() => (request.reset(), setConfirming(false))}>
            {t('move.back')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm">
        {t('move.now')} <strong>{options.current.label}</strong>
        {options.current.address && (
          <>
            {' '}
            {t('move.nowAt')} <span className="font-mono">{options.current.address}</span>
          </>
        )}
        .
      </p>
      {options.locations.length === 0 ? (
        <p role="status" className="rounded-lg border border-line p-3 text-sm">
          {t('move.noRoom')}
        </p>
      ) : (
        <fieldset>
          <legend className="text-sm font-semibold">{t('move.legend')}</legend>
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
                  className="h-4 w-4 accent-accent"
                />
                <span className="min-w-0 flex-1 font-semibold">{l.label}</span>
                <span id={`move-${l.value}-price`} className="shrink-0 text-right text-sm tabular-nums">
                  {differenceText(l, options.currency)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {options.full.length > 0 && (
        <p className="text-xs text-muted">{t('move.full', { locations: new Intl.ListFormat(locale, { type: 'conjunction' }).format(options.full.map((l) => l.label)) })}</p>
      )}
      <Button disabled={!chosen} onClick={() => setConfirming(true)}>
        {t('move.continue')}
      </Button>
    </div>
  );
}
