import type { ContentSlug } from '../../../../shared/schemas/content';
import { aboutSample } from './about';
import { homeSample } from './home';
import { privacySample } from './privacy';
import { refundSample } from './refund';
import { slaSample } from './sla';
import { termsSample } from './terms';

/**
 * The text each page ships with, in the default language: version 0 of every page. It is sample
 * text written for a made-up host, so staff see it marked "Sample" until they replace it.
 */
export const samples: Record<ContentSlug, string> = {
  home: homeSample,
  about: aboutSample,
  terms: termsSample,
  privacy: privacySample,
  refund: refundSample,
  sla: slaSample,
};

/**
 * Sample pages a production shop may not publish: About speaks for the host, and the SLA states
 * uptime guarantees and credits the host never chose. Both answer 404 until staff write their own.
 */
export const claimPages: readonly ContentSlug[] = ['about', 'sla'];
