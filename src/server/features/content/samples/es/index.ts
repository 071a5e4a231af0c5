import type { ContentSlug } from '../../../../../shared/schemas/content';
import { about } from './about';
import { home } from './home';
import { privacy } from './privacy';
import { refund } from './refund';
import { sla } from './sla';
import { terms } from './terms';

/** The Spanish samples: the English ones' structure, statements and page variables, written in Spanish. */
export const esSamples: Record<ContentSlug, string> = { home, about, terms, privacy, refund, sla };
