import type { DashboardKey } from '../../../../../shared/i18n/keys';
import { currentLocale, translate } from '../../../../lib/i18n';

/** A switch step's name in the page's language; the shared schema names the steps in English. */
export function switchStepLabel(key: string): string {
  return translate(`software.step.${key}` as DashboardKey);
}

/** The same name inside a sentence: lower-case at its start, except in German, where nouns keep their capital. */
export function switchStepInSentence(key: string): string {
  const label = switchStepLabel(key);
  return currentLocale() === 'de' ? label : label.charAt(0).toLocaleLowerCase(currentLocale()) + label.slice(1);
}
