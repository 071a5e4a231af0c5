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

export function shareMessage(brand: string): string {
  return `I host my game servers with ${brand}: Minecraft, FiveM and Palworld servers, online in minutes. Sign up with my link:`;
}

export function shareLinks(link: string, brand: string): ShareLinks {
  const text = shareMessage(brand);
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString().replaceAll('+', '%20');
  return {
    x: `https://x.com/intent/tweet?${q({ text, url: link })}`,
    reddit: `https://www.reddit.com/submit?${q({ url: link, title: `Game server hosting with ${brand}` })}`,
    email: `mailto:?${q({ subject: `Try ${brand} for your game server`, body: `${text}\n\n${link}` })}`,
    discordMessage: `${text} ${link}`,
    discord: 'https://discord.com/channels/@me',
  };
}
