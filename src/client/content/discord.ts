import type { Translate } from '../lib/i18n';

export interface DiscordFeature {
  id: 'help' | 'showcase' | 'mods' | 'private';
  title: string;
  text: string;
}

/**
 * What the community is for, in the page's language. It names no channel, event, prize or
 * answer time: the host runs their own Discord, and the product knows nothing of it but its invite.
 */
export function discordFeatures(t: Translate): DiscordFeature[] {
  return (['help', 'showcase', 'mods', 'private'] as const).map((id) => ({
    id,
    title: t(`discordPage.feature.${id}Title`),
    text: t(`discordPage.feature.${id}Text`),
  }));
}

export function discordDos(t: Translate): string[] {
  return ([1, 2, 3, 4, 5] as const).map((n) => t(`discordPage.do${n}`));
}

export function discordDonts(t: Translate): string[] {
  return ([1, 2, 3, 4, 5] as const).map((n) => t(`discordPage.dont${n}`));
}
