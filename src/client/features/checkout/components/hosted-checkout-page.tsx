import { ArrowLeft, CheckCircle2, CreditCard, Loader2, Lock, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { cardBrand, digitsOnly, validateCard, type CardInput } from '../../../../shared/cards';
import { formatMoney } from '../../../../shared/money';
import type { LocalCheckoutView } from '../../../../shared/schemas/checkout';
import { TaxRows } from '../../../components/billing/tax-rows';
import { Logo } from '../../../components/layout/logo';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ApiError } from '../../../lib/api-client';
import { messageForCode } from '../../../lib/errors';
import { currentLocale, useT, type Translate } from '../../../lib/i18n';
import type { PublicKey } from '../../../../shared/i18n/keys';
import { useLocalCheckout } from '../api/get-local-checkout';
import { usePayLocalCheckout } from '../api/pay-local-checkout';

const testCards = [
  ['4242 4242 4242 4242', 'pay.testSucceeds'],
  ['4000 0000 0000 0002', 'pay.testDeclined'],
  ['4000 0000 0000 9995', 'pay.testInsufficient'],
  ['4000 0000 0000 0341', 'pay.testRenewalsFail'],
] as const satisfies readonly (readonly [string, PublicKey])[];

/** The card checks' words (shared/cards.ts, in English as the server says them) in the page's language. */
const cardProblems: Record<string, PublicKey> = {
  'Enter your card number': 'card.enterNumber',
  'Your card number is invalid.': 'card.invalidNumber',
  'Enter the expiry date': 'card.enterExpiry',
  "Your card's expiration date is incomplete.": 'card.expiryIncomplete',
  "Your card's expiration year is in the past.": 'card.expiryPast',
  'Enter the security code': 'card.enterCvc',
  "Your card's security code is incomplete.": 'card.cvcIncomplete',
  'Enter the name on the card': 'card.enterName',
  'The name is too long': 'card.nameTooLong',
};

function cardErrors(t: Translate, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, cardProblems[text] ? t(cardProblems[text]) : text]));
}

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(input: string): string {
  return (input.replace(/\D/g, '').slice(0, 19).match(/.{1,4}/g) ?? []).join(' ');
}

/** Builds MM/YY as the customer types; the slash is added once two digits are in, and can be deleted. */
export function formatExpiry(input: string, previous: string): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && input.length > previous.length) return `${digits}/`;
  return digits;
}

function Summary({ view }: { view: LocalCheckoutView }) {
  const t = useT();
  const money = (minor: number) => formatMoney(minor, view.currency, currentLocale());
  return (
    <section aria-labelledby="summary-heading" className="bg-surface px-6 py-8 sm:px-10 lg:min-h-screen lg:py-14">
      <div className="mx-auto max-w-md lg:ml-auto lg:mr-0">
        <div className="flex items-center justify-between gap-3">
          <a href={view.cancelUrl} className="inline-flex items-center gap-2 text-sm text-muted hover:text-ink">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            {t('pay.cancel')}
          </a>
          {view.testMode && <Badge tone="yellow">{t('pay.testMode')}</Badge>}
        </div>
        <div className="mt-8">
          <Logo />
        </div>
        <h1 id="summary-heading" className="mt-8 text-base font-medium text-muted">
          {t('pay.payBrand', { brand: view.brand })}
        </h1>
        <p className="mt-1 text-4xl font-extrabold tracking-tight" data-testid="checkout-total">
          {money(view.totalCents)}
        </p>
        <p className="mt-1 text-sm text-muted">{view.description}</p>
        <ul className="mt-8 space-y-4 border-t border-line pt-6 text-sm">
          {view.lines.filter((line) => line.kind !== 'coupon').map((line) => (
            <li key={line.description} className="flex justify-between gap-4">
              <div>
                <p className="font-medium">{line.description}</p>
                <p className="text-muted">
                  {line.quantity} × {money(line.unitCents)}
                </p>
              </div>
              <p className="font-medium tabular-nums">{money(line.amountCents)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-6 space-y-2 border-t border-line pt-6 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{t('pay.subtotal')}</dt>
            <dd className="tabular-nums">{money(view.subtotalCents)}</dd>
          </div>
          {view.discountCents > 0 && (
            <div className="flex justify-between text-accent">
              <dt>{t('pay.periodDiscount')}</dt>
              <dd className="tabular-nums">−{money(view.discountCents)}</dd>
            </div>
          )}
          {view.lines
            .filter((line) => line.kind === 'coupon')
            .map((line) => (
              <div key={line.description} className="flex justify-between text-accent">
                <dt>{line.description}</dt>
                <dd className="tabular-nums">−{money(-line.amountCents)}</dd>
              </div>
            ))}
          <TaxRows tax={view.tax} currency={view.currency} className="flex justify-between" />
          <div className="flex justify-between border-t border-line pt-3 text-base font-semibold">
            <dt>{t('pay.totalDue')}</dt>
            <dd className="tabular-nums">{money(view.totalCents)}</dd>
          </div>
        </dl>
        {view.tax.note && (
          <p className="mt-4 text-xs text-muted" data-testid="tax-note">
            {view.tax.note}
          </p>
        )}
      </div>
    </section>
  );
}

function TestCardsNote() {
  const t = useT();
  return (
    <aside aria-label={t('pay.testCards')} className="mt-8 rounded-xl border border-warn/40 bg-warn/10 p-4 text-sm">
      <p className="font-semibold text-warn">{t('pay.testNoMoney')}</p>
      <ul className="mt-2 space-y-1">
        {testCards.map(([number, outcome]) => (
          <li key={number} className="sm:flex sm:justify-between sm:gap-4">
            <span className="block font-mono">{number}</span>
            <span className="block text-muted">{t(outcome)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-muted">{t('pay.testHint')}</p>
    </aside>
  );
}

function CardForm({ view }: { view: LocalCheckoutView }) {
  const t = useT();
  const pay = usePayLocalCheckout(view.id);
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [decline, setDecline] = useState<string | null>(view.lastError);
  const [redirecting, setRedirecting] = useState(false);
  const [saveCard, setSaveCard] = useState(true);
  const amex = cardBrand(card.number) === 'amex';
  const busy = pay.isPending || redirecting;

  function update(field: keyof CardInput, value: string) {
    setCard((c) => ({ ...c, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = cardErrors(t, validateCard(card, new Date()));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setDecline(null);
    try {
      const { redirect_url } = await pay.mutateAsync({ ...card, number: digitsOnly(card.number), saveCard });
      setRedirecting(true);
      window.location.assign(redirect_url);
    } catch (error) {
      if (error instanceof ApiError && error.fields && error.status === 400) setErrors(cardErrors(t, error.fields));
      else if (error instanceof ApiError) setDecline(messageForCode(error.code, error.message));
      else setDecline(error instanceof Error ? error.message : t('pay.notCompleted'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-6 space-y-5">
      {decline && (
        <div role="alert" className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm">
          <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
          <div>
            <p className="font-semibold text-danger">{decline}</p>
            <p className="mt-1 text-muted">{t('pay.tryAnother')}</p>
          </div>
        </div>
      )}
      <Field label={t('pay.cardNumber')} error={errors.number}>
        {({ id, describedBy }) => (
          <div className="relative">
            <Input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={errors.number ? true : undefined}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={card.number}
              onChange={(e) => update('number', formatCardNumber(e.target.value))}
              className="pr-10 font-mono"
            />
            <CreditCard className="pointer-events-none absolute right-3 top-1/2 h-5 w-5 -translate-y-1/2 text-muted" aria-hidden="true" />
          </div>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={t('pay.expiry')} error={errors.expiry}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={errors.expiry ? true : undefined}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('pay.expiryPlaceholder')}
              value={card.expiry}
              onChange={(e) => update('expiry', formatExpiry(e.target.value, card.expiry))}
              className="font-mono"
            />
          )}
        </Field>
        <Field label={t('pay.cvc')} error={errors.cvc}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={errors.cvc ? true : undefined}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder={amex ? '1234' : '123'}
              value={card.cvc}
              onChange={(e) => update('cvc', e.target.value.replace(/\D/g, '').slice(0, amex ? 4 : 3))}
              className="font-mono"
            />
          )}
        </Field>
      </div>
      <Field label={t('pay.name')} error={errors.name}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            aria-describedby={describedBy}
            aria-invalid={errors.name ? true : undefined}
            autoComplete="cc-name"
            placeholder={t('pay.namePlaceholder')}
            value={card.name}
            onChange={(e) => update('name', e.target.value)}
          />
        )}
      </Field>
      <div className="flex items-start gap-3">
        <input
          id="save-card"
          type="checkbox"
          checked={saveCard}
          onChange={(e) => setSaveCard(e.target.checked)}
          aria-describedby="save-card-hint"
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-line accent-accent"
        />
        <div className="text-sm">
          <label htmlFor="save-card" className="font-medium text-ink">
            {t('pay.saveCard')}
          </label>
          <p id="save-card-hint" className="text-xs text-muted">
            {t('pay.saveCardHint')}
          </p>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            {redirecting ? t('pay.redirecting') : t('pay.processing')}
          </>
        ) : (
          <>
            <Lock className="h-4 w-4" aria-hidden="true" />
            {t('pay.pay', { amount: formatMoney(view.totalCents, view.currency, currentLocale()) })}
          </>
        )}
      </Button>
    </form>
  );
}

function Closed({ view }: { view: LocalCheckoutView }) {
  const t = useT();
  const paid = view.status === 'complete';
  return (
    <div className="mt-6 rounded-xl border border-line bg-surface p-6 text-center">
      {paid ? (
        <CheckCircle2 className="mx-auto h-10 w-10 text-accent" aria-hidden="true" />
      ) : (
        <TriangleAlert className="mx-auto h-10 w-10 text-warn" aria-hidden="true" />
      )}
      <h2 className="mt-3 text-lg font-bold">{paid ? t('pay.paidTitle') : t('pay.expiredTitle')}</h2>
      <p className="mt-1 text-sm text-muted">
        {paid ? t('pay.paidText') : t('pay.expiredText')}
      </p>
      <a href={paid && view.redirectUrl ? view.redirectUrl : view.cancelUrl} className={buttonClass('primary', 'md', 'mt-5')}>
        {paid ? t('pay.continue') : t('pay.startAgain')}
      </a>
    </div>
  );
}

/** The built-in hosted card checkout at /checkout/:sessionId, opened in its own tab. */
export default function HostedCheckoutPage() {
  const t = useT();
  const { sessionId = '' } = useParams();
  const { data: view, error, isPending } = useLocalCheckout(sessionId);

  if (isPending) return <PageSpinner label={t('pay.loading')} />;
  if (!view) {
    return (
      <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center px-6 text-center">
        <Logo />
        <h1 className="mt-8 text-2xl font-bold">{t('pay.notFound')}</h1>
        <p className="mt-2 text-muted">
          {error instanceof ApiError && error.status === 404
            ? t('pay.notFoundText')
            : t('pay.loadFailed')}
        </p>
        <a href="/" className={buttonClass('primary', 'md', 'mt-6')}>
          {t('pay.backToStore')}
        </a>
      </main>
    );
  }
  return (
    <div className="grid min-h-screen bg-bg lg:grid-cols-2">
      <Summary view={view} />
      <main className="px-6 py-8 sm:px-10 lg:py-14">
        <div className="mx-auto max-w-md lg:ml-0">
          <h2 className="text-xl font-bold">{t('pay.withCard')}</h2>
          {view.status === 'open' ? <CardForm view={view} /> : <Closed view={view} />}
          <p className="mt-6 flex items-center justify-center gap-2 text-xs text-muted">
            <Lock className="h-3.5 w-3.5" aria-hidden="true" />
            {t('pay.securedBy', { provider: view.providerName })}
          </p>
          {view.testMode && <TestCardsNote />}
        </div>
      </main>
    </div>
  );
}
