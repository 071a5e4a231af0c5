import { Clock, Cpu, Headset, ShieldCheck, Sparkles, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { startingPriceCents } from '../../../../shared/catalog';
import { formatCents } from '../../../../shared/money';
import { policy } from '../../../../shared/policy';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { GameIcon } from '../../../components/ui/game-icon';
import { BRAND } from '../../../lib/brand';
import { useCatalog } from '../../../lib/catalog';

const promises = [
  { icon: Cpu, title: 'Premium hardware', text: 'High-clock CPUs and NVMe storage on every plan.' },
  { icon: Zap, title: 'Instant setup', text: 'Pay, and your server installs itself while you watch.' },
  { icon: Headset, title: '24/7 support', text: 'Real people who run game servers themselves.' },
];

const features = [
  {
    icon: ShieldCheck,
    title: 'DDoS Protection',
    text: 'Always-on filtering in front of every server, so a grudge with a script never ends your game night.',
  },
  {
    icon: Headset,
    title: '24/7 Expert Support',
    text: 'Stuck on a plugin, a mod conflict or a crash loop? Open a ticket at any hour and talk to someone who knows.',
  },
  {
    icon: Clock,
    title: `${policy.marketing.uptime} Uptime`,
    text: 'Redundant power and network in every region, backed by a written SLA with service credits.',
  },
];

export default function HomePage() {
  const { data: catalog } = useCatalog();
  const games = catalog?.games ?? [];
  const packs = catalog?.packs ?? [];

  return (
    <>
      <section className="bg-grid relative overflow-hidden border-b border-line">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-line bg-surface px-4 py-1.5 text-sm text-muted">
            <Sparkles className="h-4 w-4 text-accent" aria-hidden="true" />
            {policy.marketing.activeServers} active servers and counting
          </p>
          <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            Deploy your custom game server <span className="text-accent">in seconds</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
            Minecraft, FiveM and Palworld servers on premium hardware, set up the moment you pay and looked after
            around the clock by {BRAND}.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to="/deploy" size="lg">
              Deploy Your Server
            </ButtonLink>
            <ButtonLink to="/faq" variant="outline" size="lg">
              Read the FAQ
            </ButtonLink>
          </div>
          <ul className="mx-auto mt-14 grid max-w-4xl gap-4 sm:grid-cols-3">
            {promises.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-line bg-surface/70 p-4 text-left">
                <Icon className="mb-2 h-5 w-5 text-accent" aria-hidden="true" />
                <p className="font-semibold">{title}</p>
                <p className="text-sm text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="games-heading" className="render-when-visible mx-auto max-w-6xl px-4 py-20">
        <h2 id="games-heading" className="text-center text-3xl font-bold">
          Pick your game
        </h2>
        <p className="mt-3 text-center text-muted">Every plan is billed monthly or longer, with a discount when you commit.</p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {games.map((game) => {
            const from = catalog ? startingPriceCents(catalog, game.slug) : undefined;
            return (
              <Card key={game.slug} className="flex flex-col">
                <GameIcon game={game.slug} />
                <h3 className="mt-4 text-xl font-bold">{game.name}</h3>
                <p className="mt-1 flex-1 text-sm text-muted">{game.tagline}</p>
                <p className="mt-5 text-sm text-muted">
                  Starting at{' '}
                  <span className="text-2xl font-extrabold text-ink" data-testid={`price-${game.slug}`}>
                    {from !== undefined ? formatCents(from) : '—'}
                  </span>
                  /mo
                </p>
                <ButtonLink to={`/configure/${game.slug}`} className="mt-5" aria-label={`Configure a ${game.name} server`}>
                  Configure {game.name}
                </ButtonLink>
              </Card>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="features-heading" className="render-when-visible border-y border-line bg-surface/40">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h2 id="features-heading" className="text-center text-3xl font-bold">
            Built so you can just play
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <Icon className="h-8 w-8 text-accent" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-bold">{title}</h3>
                <p className="mt-2 text-sm text-muted">{text}</p>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="packs-heading" className="render-when-visible mx-auto max-w-6xl px-4 py-20">
        <h2 id="packs-heading" className="text-center text-3xl font-bold">
          Upgrade packs
        </h2>
        <p className="mt-3 text-center text-muted">Extras that work across every server on your account.</p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {packs.map((pack) => (
            <Card key={pack.id} className="flex flex-col">
              <h3 className="text-lg font-bold">{pack.name}</h3>
              <p className="mt-1 text-sm text-muted">{pack.tagline}</p>
              <p className="mt-4">
                <span className="text-3xl font-extrabold">{formatCents(pack.priceCents)}</span>
                <span className="text-muted">/mo</span>
              </p>
              <ul className="mt-4 flex-1 space-y-2 text-sm">
                {pack.highlights.map((h) => (
                  <li key={h.title} className="flex gap-2">
                    <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
                    {h.title}
                  </li>
                ))}
              </ul>
              <Link
                to={`/upgrade/${pack.slug}`}
                className="mt-6 text-sm font-semibold text-accent hover:underline"
                aria-label={`Learn more about ${pack.name}`}
              >
                Learn more →
              </Link>
            </Card>
          ))}
        </div>
      </section>

      <section className="render-when-visible px-4 pb-24">
        <div className="bg-grid mx-auto max-w-5xl rounded-3xl border border-line bg-surface px-6 py-14 text-center">
          <h2 className="text-3xl font-bold sm:text-4xl">Your server could be online before the kettle boils</h2>
          <p className="mx-auto mt-4 max-w-xl text-muted">
            Choose a game, pick a plan, pay by card. We handle the install, the network and the 3 a.m. restarts.
          </p>
          <ButtonLink to="/deploy" size="lg" className="mt-8">
            Get Started
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
