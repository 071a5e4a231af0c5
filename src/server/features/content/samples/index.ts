import { contentLanguages, type ContentLanguage, type ContentSlug } from '../../../../shared/schemas/content';
import { aboutSample } from './about';
import { deSamples } from './de';
import { esSamples } from './es';
import { frSamples } from './fr';
import { homeSample } from './home';
import { privacySample } from './privacy';
import { ptBRSamples } from './pt-BR';
import { refundSample } from './refund';
import { slaSample } from './sla';
import { termsSample } from './terms';

/**
 * The text each page ships with, in every shipped language: version 0 of every page (decision
 * 079). It is sample text written for a made-up host, so staff see it marked "Sample" until they
 * replace it. Every language states the same things and uses the same page variables as English.
 */
export const samples: Record<ContentLanguage, Record<ContentSlug, string>> = {
  en: {
    home: homeSample,
    about: aboutSample,
    terms: termsSample,
    privacy: privacySample,
    refund: refundSample,
    sla: slaSample,
  },
  de: deSamples,
  fr: frSamples,
  es: esSamples,
  'pt-BR': ptBRSamples,
};

/** The sample of a page in a language. */
export function sampleText(slug: ContentSlug, language: ContentLanguage): string {
  return samples[language][slug];
}

/** Text identical to a page's sample in any language is sample text, whoever saved it and under which language. */
export function isSampleText(slug: ContentSlug, body: string): boolean {
  const text = body.trim();
  return contentLanguages.some((l) => samples[l][slug].trim() === text);
}

/**
 * Sample pages a production shop may not publish: About speaks for the host, and the SLA states
 * uptime guarantees and credits the host never chose. Both answer 404 until staff write their own.
 */
export const claimPages: readonly ContentSlug[] = ['about', 'sla'];
