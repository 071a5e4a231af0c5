import { Link } from 'react-router';
import { formatMoney } from '../../../../../shared/money';
import { useCatalog } from '../../../../lib/catalog';
import { formatDay, formatTime } from './format';

export function GameName({ game }: { game: string | null }) {
  const { data: catalog } = useCatalog();
  if (!game) return <span className="text-muted">Upgrade pack</span>;
  return <>{catalog?.games.find((g) => g.slug === game)?.name ?? game}</>;
}

export function CustomerLink({ customer }: { customer: { id: string; email: string } }) {
  return (
    <Link to={`/admin/customers/${customer.id}`} className="break-all underline-offset-2 hover:text-accent hover:underline">
      {customer.email}
    </Link>
  );
}

/** "$14.00" in the row's own currency, and under it what has gone back to the customer so far. */
export function AmountCell({ totalCents, refundedCents, currency }: { totalCents: number; refundedCents: number; currency: string }) {
  const formatPrice = (minor: number) => formatMoney(minor, currency);
  return (
    <>
      <span className="font-semibold">{formatPrice(totalCents)}</span>
      {refundedCents > 0 && <span className="block whitespace-nowrap text-xs text-muted">{formatPrice(refundedCents)} refunded</span>}
    </>
  );
}

/** The catalog's label for a location value ("us-west" → "US West"), or the value itself. */
export function LocationName({ location }: { location: string | null }) {
  const { data: catalog } = useCatalog();
  if (!location) return <>—</>;
  return <>{catalog?.locations.find((l) => l.value === location)?.label ?? location}</>;
}

/** The day on one line and the time under it, so the lists stay narrow. */
export function WhenCell({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDay(iso)}
      <span className="block text-xs text-muted">{formatTime(iso)}</span>
    </time>
  );
}
