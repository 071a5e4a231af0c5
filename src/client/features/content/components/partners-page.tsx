import {
  Clapperboard,
  Coins,
  Drama,
  Gift,
  Headphones,
  MessagesSquare,
  MonitorPlay,
  Rocket,
  Server,
  Smartphone,
  Sparkles,
} from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { BRAND } from '../../../lib/brand';
import type { AffiliateRules } from '../../../../shared/business-rules';
import { policy } from '../../../../shared/policy';
import { useBusinessRules } from '../../../lib/business-rules';
import { IconCard } from '../../../components/ui/icon-card';

const audiences = [
  {
    icon: Clapperboard,
    title: 'Content Creator',
    text: 'You make guides, let’s plays or server showcases. Give your audience a server they can join, and a host you can recommend without crossing your fingers.',
  },
  {
    icon: Drama,
    title: 'RP Community Admin',
    text: 'You run a FiveM city with its own economy, factions and lore. Get hardware that holds up on busy nights and a team that understands roleplay servers.',
  },
  {
    icon: MonitorPlay,
    title: 'YouTube Mod Reviewer',
    text: 'You test mods and modpacks on camera. Spin up a clean server for every review and show viewers exactly how to run it themselves.',
  },
  {
    icon: MessagesSquare,
    title: 'Discord Server Manager',
    text: 'You look after a busy gaming Discord. Give your members a shared world to play in, and host the events your Discord plans.',
  },
  {
    icon: Smartphone,
    title: 'TikTok Gaming Personality',
    text: 'Your clips travel fast. Turn viewers into players with a server link in your bio, and earn from every one who signs up.',
  },
];

/** The commission card states the affiliate terms Settings set, and goes when the programme is closed. */
function commissionBenefit({ enabled, commissionPercent, commissionMonths }: AffiliateRules) {
  if (!enabled) return [];
  const lasting = commissionMonths === null ? 'renewals included' : `renewals included, for ${commissionMonths} ${commissionMonths === 1 ? 'month' : 'months'} after each sign-up`;
  return [
    {
      icon: Coins,
      title: `${commissionPercent}% recurring commission`,
      text: `Every partner is an affiliate too: earn ${commissionPercent}% of every payment from the players and communities you send our way, ${lasting}.`,
    },
  ];
}

const benefits = [
  {
    icon: Sparkles,
    title: 'Creator spotlights',
    text: 'We feature partner servers and content in our creator spotlights and on the dev blog, putting your work in front of our whole community.',
  },
  {
    icon: Headphones,
    title: 'Priority support',
    text: 'Partner tickets go to the front of the queue, so a problem on event night gets fixed on event night.',
  },
  {
    icon: Rocket,
    title: 'Early access',
    text: 'Try new games, features and locations before anyone else, and shape them with your feedback before they launch.',
  },
  {
    icon: Gift,
    title: 'Giveaways and events',
    text: 'Plan server giveaways, launch events and community challenges with us, and give your audience a reason to show up.',
  },
];

export default function PartnersPage() {
  const rules = useBusinessRules();
  return (
    <>
      <PageHeader eyebrow="Partners & Creators" title={`Grow Your Community With ${BRAND}`}>
        <p>
          Whether you make videos, run a roleplay city or manage a Discord with thousands of members, we want to help you
          grow. Partner with us for reliable servers, real perks and a share of every customer you bring.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="why-join-heading">
          <h2 id="why-join-heading" className="text-2xl font-bold sm:text-3xl">
            Why Join
          </h2>
          <p className="mt-3 max-w-2xl text-muted">
            The partner program is built for the people who bring players together. If one of these sounds like you, you
            belong here.
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {audiences.map((item) => (
              <IconCard key={item.title} {...item} iconClass="text-violet" />
            ))}
          </ul>
        </section>

        <section aria-labelledby="partner-benefits-heading">
          <h2 id="partner-benefits-heading" className="text-2xl font-bold sm:text-3xl">
            Partner Benefits
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[...commissionBenefit(rules.affiliate), ...benefits].map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="partner-apply-heading">
          <h2 id="partner-apply-heading" className="text-2xl font-bold sm:text-3xl">
            How to Become a Partner
          </h2>
          <ol className="mt-6 space-y-4">
            <li className="rounded-2xl border border-line bg-surface p-6">
              <h3 className="font-semibold">1. Get your server running</h3>
              <p className="mt-2 text-sm text-muted">
                Deploy a Minecraft, FiveM or Palworld server for your community. Setup begins the moment you pay (
                {policy.provisioningHint}).
              </p>
            </li>
            <li className="rounded-2xl border border-line bg-surface p-6">
              <h3 className="font-semibold">2. Join the affiliate program</h3>
              <p className="mt-2 text-sm text-muted">
                Get your personal referral link from the{' '}
                <Link to="/affiliate" className="font-semibold text-accent hover:underline">
                  Affiliate Program
                </Link>{' '}
                page and start earning from day one.
              </p>
            </li>
            <li className="rounded-2xl border border-line bg-surface p-6">
              <h3 className="font-semibold">3. Tell us about your community</h3>
              <p className="mt-2 text-sm text-muted">
                Send us a link to your channel, city or Discord through the{' '}
                <Link to="/support" className="font-semibold text-accent hover:underline">
                  Support Center
                </Link>{' '}
                with the subject &ldquo;Partner program&rdquo;, and our team will get back to you about perks and
                spotlights.
              </p>
            </li>
          </ol>
        </section>

        <section
          aria-labelledby="partner-cta-heading"
          className="rounded-2xl border border-line bg-surface-2 p-8 text-center sm:p-12"
        >
          <Server className="mx-auto h-10 w-10 text-accent" aria-hidden="true" />
          <h2 id="partner-cta-heading" className="mt-4 text-2xl font-bold sm:text-3xl">
            Ready to Build Something Together?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">
            Start with a server your community will love. Everything else grows from there.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/deploy" size="lg">
              Deploy Your Server
            </ButtonLink>
            <ButtonLink to="/affiliate" size="lg" variant="outline">
              Affiliate Program
            </ButtonLink>
          </div>
        </section>
      </div>
    </>
  );
}
