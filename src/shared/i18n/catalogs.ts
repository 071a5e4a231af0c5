import type { Locale } from './locales';
import type { Namespace } from './keys';
import deActivity from './messages/de/activity.json';
import deApp from './messages/de/app.json';
import deContent from './messages/de/content.json';
import deDashboard from './messages/de/dashboard.json';
import deEmails from './messages/de/emails.json';
import dePublic from './messages/de/public.json';
import deUpgrades from './messages/de/upgrades.json';
import enActivity from './messages/en/activity.json';
import enApp from './messages/en/app.json';
import enContent from './messages/en/content.json';
import enDashboard from './messages/en/dashboard.json';
import enEmails from './messages/en/emails.json';
import enPublic from './messages/en/public.json';
import enUpgrades from './messages/en/upgrades.json';
import esActivity from './messages/es/activity.json';
import esApp from './messages/es/app.json';
import esContent from './messages/es/content.json';
import esDashboard from './messages/es/dashboard.json';
import esEmails from './messages/es/emails.json';
import esPublic from './messages/es/public.json';
import esUpgrades from './messages/es/upgrades.json';
import frActivity from './messages/fr/activity.json';
import frApp from './messages/fr/app.json';
import frContent from './messages/fr/content.json';
import frDashboard from './messages/fr/dashboard.json';
import frEmails from './messages/fr/emails.json';
import frPublic from './messages/fr/public.json';
import frUpgrades from './messages/fr/upgrades.json';
import ptBrActivity from './messages/pt-BR/activity.json';
import ptBrApp from './messages/pt-BR/app.json';
import ptBrContent from './messages/pt-BR/content.json';
import ptBrDashboard from './messages/pt-BR/dashboard.json';
import ptBrEmails from './messages/pt-BR/emails.json';
import ptBrPublic from './messages/pt-BR/public.json';
import ptBrUpgrades from './messages/pt-BR/upgrades.json';

/**
 * The shipped messages, as ICU MessageFormat text: one file per language and namespace. Only the
 * server, the build and tests import this; the browser gets one language's messages, compiled.
 */
export const sourceCatalogs: Record<Locale, Record<Namespace, Record<string, string>>> = {
  en: { public: enPublic, app: enApp, dashboard: enDashboard, upgrades: enUpgrades, emails: enEmails, content: enContent, activity: enActivity },
  de: { public: dePublic, app: deApp, dashboard: deDashboard, upgrades: deUpgrades, emails: deEmails, content: deContent, activity: deActivity },
  fr: { public: frPublic, app: frApp, dashboard: frDashboard, upgrades: frUpgrades, emails: frEmails, content: frContent, activity: frActivity },
  es: { public: esPublic, app: esApp, dashboard: esDashboard, upgrades: esUpgrades, emails: esEmails, content: esContent, activity: esActivity },
  'pt-BR': { public: ptBrPublic, app: ptBrApp, dashboard: ptBrDashboard, upgrades: ptBrUpgrades, emails: ptBrEmails, content: ptBrContent, activity: ptBrActivity },
};

/** The namespace a key belongs to, or undefined for a key no file has. */
export function namespaceOf(key: string): Namespace | undefined {
  if (key in sourceCatalogs.en.public) return 'public';
  if (key in sourceCatalogs.en.app) return 'app';
  if (key in sourceCatalogs.en.dashboard) return 'dashboard';
  if (key in sourceCatalogs.en.upgrades) return 'upgrades';
  if (key in sourceCatalogs.en.emails) return 'emails';
  if (key in sourceCatalogs.en.content) return 'content';
  if (key in sourceCatalogs.en.activity) return 'activity';
  return undefined;
}
