import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { plansForGame, type Catalog, type Game } from '../../../../shared/catalog';
import { formatCatalogPrice } from '../../../lib/money';
import { priceChoice, PricingError, type Quote } from '../../../../shared/pricing';
import { couponAmountText, CouponField, type AppliedCoupon } from '../../../components/coupon-field';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { GameIcon } from '../../../components/ui/game-icon';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useCatalog } from '../../../lib/catalog';
import { checkCoupon } from '../../../lib/check-coupon';
import { ApiError } from '../../../lib/api-client';
import { needsBillingDetails, openCheckout, toastRedirecting } from '../../../lib/checkout';
import { useSession } from '../../../lib/session';
import { useTaxTerms } from '../../../lib/tax-terms';
import { readState, SERVER_NAME_MAX, writeState, type ConfiguratorState } from '../configurator-state';
import { AddonsPicker } from './addons-picker';
import { OptionCard } from './option-card';
import { OrderSummary } from './order-summary';
import { usePublicPath, useT } from '../../../lib/i18n';
import { usePeriodName } from '../../../lib/period-name';

// Asked for once, at the first checkout: loaded only then.
const BillingDetailsDialog = lazy(() => import('../../../components/billing/billing-details-step'));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-4 text-lg font-bold">{title}</legend>
      {children}
    </fieldset>
  );
}

export default function ConfiguratorPage() {
  const { game: gameSlug = '' } = useParams();
  const { data: catalog, isError } = useCatalog();
  const t = useT();
  const publicPath = usePublicPath();
  const game = catalog?.games.find((g) => g.slug === gameSlug);

  if (!catalog) {
    return isError ? (
      <p className="mx-auto max-w-xl px-4 py-20 text-center text-muted">
        {t('configure.loadError')}
      </p>
    ) : (
      <PageSpinner label={t('configure.loading')} />
    );
  }
  if (!game) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{t('configure.unknownGame')}</h1>
        <p className="mt-3 text-muted">{t('configure.unknownGameText')}</p>
        <ButtonLink to={publicPath('/deploy')} className="mt-6">
          {t('configure.chooseGame')}
        </ButtonLink>
      </section>
    );
  }
  return <Configurator key={game.slug} catalog={catalog} game={game} />;
}

/**
 * The choice lives in component state, so inputs answer at once, and is mirrored into the URL's
 * query (replace, no history entry) so a configuration can be shared and reloaded.
 */
function Configurator({ catalog, game }: { catalog: Catalog; game: Game }) {
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<ConfiguratorState>(() => readState(catalog, game.slug, params));
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [creating, setCreating] = useState(false);
  const [askDetails, setAskDetails] = useState(false);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [initialCoupon] = useState(() => params.get('coupon') ?? '');
  const t = useT();
  const periodName = usePeriodName();
  const publicPath = usePublicPath();
  // How prices are shown, and once the customer's billing details are known, their tax lines.
  const terms = useTaxTerms(user === undefined ? undefined : (user?.id ?? ''));
  const treatment = terms?.treatment ?? undefined;
  // The same pricing function as the server's, with the coupon the server accepted; a coupon not
  // for the plan now chosen is set aside (and says why) until the plan fits again.
  const priced = useMemo((): { quote: Quote; couponProblem: string | null } | undefined => {
    let plain: Quote;
    try {
      plain = priceChoice(catalog, state, undefined, treatment);
    } catch {
      return undefined;
    }
    if (!coupon) return { quote: plain, couponProblem: null };
    try {
      return { quote: priceChoice(catalog, state, coupon.terms, treatment), couponProblem: null };
    } catch (error) {
      if (error instanceof PricingError && error.field === 'coupon') return { quote: plain, couponProblem: error.message };
      throw error;
    }
  }, [catalog, state, coupon, treatment]);
  const quote = priced?.quote;

  if (!quote) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{t('configure.planGone')}</h1>
        <ButtonLink to={publicPath(`/configure/${game.slug}`)} className="mt-6">
          {t('configure.startAgain')}
        </ButtonLink>
      </section>
    );
  }

  function update(patch: Partial<ConfiguratorState>) {
    const next = { ...state, ...patch };
    setState(next);
    setParams(writeState(catalog, next), { replace: true, preventScrollReset: true });
  }

  /** Opens the payment tab; `before` saves the billing details the first checkout asks for. */
  async function checkout(before?: () => Promise<void>) {
    setCreating(true);
    try {
      const response = await openCheckout(
        {
          kind: 'server',
          game: state.game,
          plan: state.plan,
          period: state.period,
          location: state.location,
          addons: state.addons,
          serverName: state.name,
          coupon: quote?.coupon?.code,
        },
        { before },
      );
      setAskDetails(false);
      toastRedirecting(response);
    } catch (error) {
      // The billing form shows its own refusals on its fields.
      if (before && error instanceof ApiError) throw error;
      if (needsBillingDetails(error)) {
        setAskDetails(true);
        return;
      }
      setAskDetails(false);
      // The checkout helper words its own failures (a blocked tab, the server's refusal).
      toast.error(t('configure.checkoutError'), { description: error instanceof Error ? error.message : t('errors.unexpected') });
    } finally {
      setCreating(false);
    }
  }

  function deploy() {
    if (!user) {
      navigate(publicPath('/signup'), {
        state: {
          from: `${location.pathname}${location.search}`,
          message: t('configure.signUpFirst'),
        },
      });
      return;
    }
    if (terms && !terms.hasBillingDetails) {
      setAskDetails(true);
      return;
    }
    void checkout();
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pb-24 pt-10 sm:pt-14 lg:pb-14">
      <nav aria-label={t('configure.breadcrumb')} className="mb-6 text-sm text-muted">
        <Link to={publicPath('/deploy')} className="hover:text-accent">
          {t('configure.breadcrumbDeploy')}
        </Link>{' '}
        / <span className="text-ink">{game.name}</span>
      </nav>
      <div className="mb-10 flex items-center gap-4">
        <GameIcon game={game.slug} />
        <div>
          <h1 className="text-3xl font-extrabold sm:text-4xl">{t('configure.title', { game: game.name })}</h1>
          <p className="mt-1 text-muted">{game.tagline}</p>
        </div>
      </div>
      <div className="grid gap-10 lg:grid-cols-[1fr_380px]">
        <div className="space-y-12">
          <Section title={t('configure.plan')}>
            <div className="grid gap-3 sm:grid-cols-2">
              {plansForGame(catalog, game.slug).map((plan) => (
                <OptionCard
                  key={plan.id}
                  name="plan"
                  value={plan.id}
                  checked={state.plan === plan.id}
                  onChange={(plan) => update({ plan })}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="text-lg font-bold">{plan.name}</span>
                    {plan.recommended && <Badge tone="violet">{t('configure.recommended')}</Badge>}
                  </span>
                  <span className="mt-1 text-sm text-muted">
                    {t('configure.specs', { ram: plan.ramGb, vcpu: plan.vcpu, disk: plan.diskGb })}
                  </span>
                  <span className="mt-2 text-sm text-muted">{plan.description}</span>
                  <span className="mt-3 text-xl font-extrabold">
                    {formatCatalogPrice(plan.priceCents)}
                    <span className="text-sm font-normal text-muted">{t('home.games.perMonth')}</span>
                  </span>
                  <span className="mt-1 text-xs text-muted">{t('configure.players', { count: game.playerCap })}</span>
                </OptionCard>
              ))}
            </div>
          </Section>

          <Section title={t('configure.period')}>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              {catalog.periods.map((period) => (
                <OptionCard
                  key={period.value}
                  name="period"
                  value={period.value}
                  checked={state.period === period.value}
                  onChange={(value) => update({ period: value })}
                >
                  <span className="font-semibold">{periodName(period)}</span>
                  <span className="mt-1 text-sm text-accent">
                    {period.discountPercent > 0 ? t('configure.save', { percent: period.discountPercent }) : t('configure.noCommitment')}
                  </span>
                </OptionCard>
              ))}
            </div>
          </Section>

          <Section title={t('configure.location')}>
            <div className="grid gap-3 sm:grid-cols-2">
              {catalog.locations.map((loc) => (
                <OptionCard
                  key={loc.value}
                  name="location"
                  value={loc.value}
                  checked={state.location === loc.value}
                  onChange={(value) => update({ location: value })}
                >
                  <span className="font-semibold">{loc.label}</span>
                  {loc.monthlyCents ? <span className="mt-1 text-sm text-muted">+{formatCatalogPrice(loc.monthlyCents)}{t('home.games.perMonth')}</span> : null}
                </OptionCard>
              ))}
            </div>
          </Section>

          <Section title={t('configure.addons')}>
            <AddonsPicker
              addons={catalog.addons}
              value={state.addons}
              onChange={(key, quantity) => update({ addons: { ...state.addons, [key]: quantity } })}
            />
          </Section>

          <Section title={t('configure.details')}>
            <Field label={t('configure.serverName')} hint={t('configure.serverNameHint')}>
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  aria-describedby={describedBy}
                  value={state.name}
                  maxLength={SERVER_NAME_MAX}
                  placeholder={t('configure.serverNamePlaceholder', { game: game.name })}
                  onChange={(e) => update({ name: e.target.value })}
                />
              )}
            </Field>
          </Section>
        </div>
        <aside id="order-summary">
          <OrderSummary
            quote={quote}
            couponLabel={coupon ? couponAmountText(t, coupon.terms) : undefined}
            couponField={
              <CouponField
                initialCode={initialCoupon}
                applied={coupon}
                onApplied={setCoupon}
                problem={priced?.couponProblem}
                check={(code) =>
                  checkCoupon({ kind: 'server', game: state.game, plan: state.plan, period: state.period, location: state.location, addons: state.addons, code })
                }
              />
            }
            // Signed in, the button waits for the tax terms: they say whether billing details are needed first.
            signedIn={user === undefined || (user !== null && terms === undefined) ? undefined : user !== null}
            pricesIncludeTax={terms?.pricesIncludeTax ?? false}
            taxesKnown={Boolean(treatment)}
            creating={creating}
            onDeploy={deploy}
          />
        </aside>
        {askDetails && user && (
          <Suspense fallback={null}>
            <BillingDetailsDialog open userId={user.id} regions={terms?.regions ?? {}} onPay={(save) => checkout(save)} onCancel={() => setAskDetails(false)} />
          </Suspense>
        )}
      </div>
      <div className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-line bg-bg/95 px-4 py-3 backdrop-blur lg:hidden">
        <p className="text-sm text-muted">
          {t('configure.total')} <span className="text-lg font-extrabold text-ink">{formatCatalogPrice(quote.tax.grossCents)}</span>
        </p>
        <a href="#order-summary" className="text-sm font-semibold text-accent">
          {t('configure.review')}
        </a>
      </div>
    </div>
  );
}
