import {
  ArrowLeft,
  CalendarDays,
  CircleCheck,
  CircleX,
  Gift,
  LifeBuoy,
  Megaphone,
  MessagesSquare,
  Puzzle,
  ShieldCheck,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import {
  discordDonts,
  discordDos,
  discordEvents,
  discordFeatures,
  type DiscordFeature,
} from '../../../content/discord';
import { BRAND, useBrand } from '../../../lib/brand';

const featureIcons: Record<DiscordFeature['id'], LucideIcon> = {
  help: LifeBuoy,
  news: Megaphone,
  events: Gift,
  showcase: Sparkles,
  mods: Puzzle,
  staff: ShieldCheck,
};

function JoinButton() {
  // The invite staff set in Settings → Brand; without one, visitors ask support rather than meet a dead link.
  const discordInviteUrl = useBrand().discordUrl;
  if (discordInviteUrl) {
    return (
      <a href={discordInviteUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg')}>
        <MessagesSquare className="h-5 w-5" aria-hidden="true" />
        Join the Discord
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <ButtonLink to="/support" size="lg">
      <MessagesSquare className="h-5 w-5" aria-hidden="true" />
      Request an Invite
    </ButtonLink>
  );
}

export default function DiscordPage() {
  return (
    <>
      <div className="mx-auto max-w-5xl px-4 pt-6">
        <Link to="/" className="inline-flex items-center gap-2 text-sm font-medium text-muted hover:text-accent">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Home
        </Link>
      </div>

      <PageHeader eyebrow="Community" title={`Join the ${BRAND} Discord`}>
        <p>
          Server owners and players in one place: quick help, weekly events, giveaways and the first word
          on everything we ship.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <JoinButton />
          <ButtonLink to="/support" variant="outline" size="lg">
            Contact Support
          </ButtonLink>
        </div>
      </PageHeader>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="features-title">
          <h2 id="features-title" className="mb-6 text-2xl font-bold text-ink">
            What you will find inside
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {discordFeatures.map((feature) => {
              const Icon = featureIcons[feature.id];
              return (
                <li key={feature.id}>
                  <Card className="h-full p-5">
                    <Icon className="h-6 w-6 text-violet" aria-hidden="true" />
                    <h3 className="mt-3 font-semibold text-ink">{feature.title}</h3>
                    <p className="mt-1 text-sm text-muted">{feature.text}</p>
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="events-title">
          <h2 id="events-title" className="text-2xl font-bold text-ink">
            Upcoming Events
          </h2>
          <p className="mb-6 mt-2 text-muted">Everyone is welcome. Sign-ups open in #events a few days before.</p>
          <ul className="grid gap-4 lg:grid-cols-3">
            {discordEvents.map((event) => (
              <li key={event.id}>
                <Card className="flex h-full flex-col p-5">
                  <Badge tone="violet" className="self-start">
                    {event.game}
                  </Badge>
                  <h3 className="mt-3 text-lg font-semibold text-ink">{event.title}</h3>
                  <p className="mt-1 flex items-center gap-2 text-sm font-medium text-accent">
                    <CalendarDays className="h-4 w-4" aria-hidden="true" />
                    {event.schedule}
                  </p>
                  <p className="mt-3 text-sm text-muted">{event.description}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="rules-title">
          <h2 id="rules-title" className="text-2xl font-bold text-ink">
            Community Rules
          </h2>
          <p className="mb-6 mt-2 text-muted">
            Short and simple, so the server stays a good place to be. Moderators may warn, mute or remove anyone who
            ignores them.
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <Card className="border-accent/30 p-5">
              <h3 className="flex items-center gap-2 text-lg font-semibold text-accent">
                <CircleCheck className="h-5 w-5" aria-hidden="true" />
                Do&apos;s
              </h3>
              <ul className="mt-4 space-y-3">
                {discordDos.map((rule) => (
                  <li key={rule} className="flex gap-3 text-sm text-ink">
                    <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                    {rule}
                  </li>
                ))}
              </ul>
            </Card>
            <Card className="border-danger/30 p-5">
              <h3 className="flex items-center gap-2 text-lg font-semibold text-danger">
                <CircleX className="h-5 w-5" aria-hidden="true" />
                Don&apos;ts
              </h3>
              <ul className="mt-4 space-y-3">
                {discordDonts.map((rule) => (
                  <li key={rule} className="flex gap-3 text-sm text-ink">
                    <CircleX className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
                    {rule}
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        </section>

        <Card className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold text-ink">Need help with your account or a bill?</h2>
            <p className="mt-1 text-sm text-muted">
              Keep private details out of public channels. Our support team handles them one to one.
            </p>
          </div>
          <ButtonLink to="/support" variant="secondary">
            Open the Support Center
          </ButtonLink>
        </Card>
      </div>
    </>
  );
}
