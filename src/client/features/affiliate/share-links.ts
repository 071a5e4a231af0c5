import { translate } from '../../lib/i18n';

/** Prefilled shares of a referral link. Discord has no share URL: its message is copied instead. */
export interface ShareLinks {
  x: string;
  reddit: string;
  email: string;
  /** The text to paste into Discord, link included. */
  discordMessage: string;
  /** Where Discord's direct messages open in the browser or the app. */
  discord: string;
}

/** The affiliate's own words to friends, so informal where the language has the choice. */
export function shareMessage(brand: string): string {
  return translate('affiliate.share.message', { brand });
}

export function shareLinks(link: string, brand: string): ShareLinks {
  const text = shareMessage(brand);
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString().replaceAll('+', '%20');
  return {
    x: `https://x.com/intent/tweet?${q({ text, url: link })}`,
    reddit: `https://www.reddit.com/submit?${q({ url: link, title: translate('affiliate.share.redditTitle', { brand }) })}`,
    email: `mailto:?${q({ subject: translate('affiliate.share.emailSubject', { brand }), body: `${text}\n\n${link}` })}`,
    discordMessage: `${text} ${link}`,
    discord: 'https://discord.com/channels/@me',
  };
}
