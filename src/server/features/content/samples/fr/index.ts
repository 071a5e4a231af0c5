import type { ContentSlug } from '../../../../../shared/schemas/content';
import { about } from './about';
import { home } from './home';
import { privacy } from './privacy';
import { refund } from './refund';
import { sla } from './sla';
import { terms } from './terms';

/** The French samples: the English ones' structure, statements and page variables, written in French. */
export const frSamples: Record<ContentSlug, string> = { home, about, terms, privacy, refund, sla };
