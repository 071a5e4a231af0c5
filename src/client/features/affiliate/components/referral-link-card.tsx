import { Copy, ExternalLink, Mail, MessageCircle, Share2 } from 'lucide-react';
import { useId } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import { BRAND } from '../../../lib/brand';
import { policy } from '../../../../shared/policy';
import { copyWithToast } from '../../../lib/clipboard';
import { useT } from '../../../lib/i18n';
import { shareLinks } from '../share-links';

/** The personal link with Copy, and prefilled shares for X, Reddit, Discord and email. */
export function ReferralLinkCard({ link, code }: { link: string; code: string }) {
  const t = useT();
  const discordHint = t('affiliate.link.discordHint');
  const inputId = useId();
  const hintId = useId();
  const links = shareLinks(link, BRAND);

  async function shareOnDiscord() {
    await copyWithToast(links.discordMessage, t('affiliate.link.message'), t('affiliate.link.messageCopied'));
    window.open(links.discord, '_blank', 'noopener,noreferrer');
  }

  const external = buttonClass('outline', 'sm');
  return (
    <Card className="space-y-5">
      <div>
        <h2 className="text-lg font-bold">{t('affiliate.link.title')}</h2>
        <p className="mt-1 text-sm text-muted">
          {t('affiliate.link.intro', { days: policy.affiliate.cookieDays })}{' '}
          <span className="font-mono text-ink">{code}</span>.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t('affiliate.link.label')}
        </label>
        <Input id={inputId} value={link} readOnly className="font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copyWithToast(link, t('affiliate.link.label'))} aria-label={t('affiliate.link.copyLabel')}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          {t('affiliate.link.copy')}
        </Button>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-muted">{t('affiliate.link.share')}</h3>
        <div className="flex flex-wrap gap-2">
          <a className={external} href={links.x} target="_blank" rel="noopener noreferrer">
            <Share2 className="h-4 w-4" aria-hidden="true" />
            X<span className="sr-only"> {t('affiliate.link.newTab')}</span>
          </a>
          <a className={external} href={links.reddit} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            Reddit<span className="sr-only"> {t('affiliate.link.newTab')}</span>
          </a>
          <Button variant="outline" size="sm" onClick={() => void shareOnDiscord()} title={discordHint} aria-describedby={hintId}>
            <MessageCircle className="h-4 w-4" aria-hidden="true" />
            Discord
          </Button>
          <a className={external} href={links.email}>
            <Mail className="h-4 w-4" aria-hidden="true" />
            {t('affiliate.link.email')}
          </a>
        </div>
        <p id={hintId} className="mt-2 text-xs text-muted">
          {discordHint}
        </p>
      </div>
    </Card>
  );
}
