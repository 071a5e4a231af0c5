import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links';

describe('shareLinks', () => {
  const link = 'https://play.example/signup?ref=ABCD1234';
  const links = shareLinks(link, 'Spawnpoint');

  it('prefills an X post with the message and the link', () => {
    const url = new URL(links.x);
    expect(url.origin + url.pathname).toBe('https://x.com/intent/tweet');
    expect(url.searchParams.get('url')).toBe(link);
    expect(url.searchParams.get('text')).toContain('Spawnpoint');
  });

  it('prefills a Reddit submission', () => {
    const url = new URL(links.reddit);
    expect(url.hostname).toBe('www.reddit.com');
    expect(url.searchParams.get('url')).toBe(link);
    expect(url.searchParams.get('title')).toBe('Game server hosting with Spawnpoint');
  });

  it('prefills an email with spaces as %20, which mail apps read', () => {
    expect(links.email.startsWith('mailto:?subject=Try%20Spawnpoint')).toBe(true);
    expect(links.email).not.toContain('+');
    const body = new URLSearchParams(links.email.slice('mailto:?'.length)).get('body');
    expect(body?.endsWith(`\n\n${link}`)).toBe(true);
  });

  it('gives Discord a message to paste, and its direct messages to open', () => {
    expect(links.discordMessage.endsWith(link)).toBe(true);
    expect(links.discord).toBe('https://discord.com/channels/@me');
  });
});
