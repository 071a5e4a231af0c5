import type { DashboardKey } from '../../shared/i18n/keys';
import { planChangeErrors } from '../../shared/schemas/plan-changes';
import { regionMoveErrors } from '../../shared/schemas/region-moves';
import { serverActionErrors } from '../../shared/schemas/servers';
import { softwareSwitchErrors } from '../../shared/schemas/software-switch';
import { errorMessage, fieldText } from './errors';
import { translate } from './i18n';

/**
 * The shared schemas word their checks and refusals in English, and the server answers with the
 * same words. A screen shows them in the page's language through this table; a message it does
 * not know, or one whose key a language lacks, is shown as it came.
 */
const known: Record<string, DashboardKey> = {
  'Subject is required': 'validation.subjectRequired',
  'Subject is too long': 'validation.subjectTooLong',
  'Please select a category': 'validation.selectCategory',
  'Choose low, medium or high': 'validation.choosePriority',
  'Description is required': 'validation.descriptionRequired',
  'Description is too long': 'validation.descriptionTooLong',
  'Choose one of your servers': 'validation.chooseServer',
  'Write a reply first': 'validation.replyRequired',
  'Reply is too long': 'validation.replyTooLong',
  'Give a name': 'validation.giveName',
  'Choose at least one permission': 'share.choosePermission',
  'Names can be at most 255 characters': 'validation.nameTooLong',
  'A name cannot contain slashes': 'validation.nameSlashes',
  "A name cannot be '.' or '..'": 'validation.nameDots',
  'Names cannot contain NUL bytes': 'validation.nameNul',
  'Names cannot contain encoded dots or slashes': 'validation.nameEncoded',
};

/** The refusal catalogues of the server tasks, each code under `refusal.<catalogue>.<code>`. */
export const refusalCatalogues = {
  plan: planChangeErrors,
  move: regionMoveErrors,
  server: serverActionErrors,
  software: softwareSwitchErrors,
} as const;

for (const [name, catalogue] of Object.entries(refusalCatalogues)) {
  for (const [code, text] of Object.entries(catalogue)) known[text] = `refusal.${name}.${code}` as DashboardKey;
}

export function fieldMessage(message: string): string;
export function fieldMessage(message: string | undefined): string | undefined;
export function fieldMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const key = known[message];
  if (!key) return fieldText(message);
  const text = translate(key);
  return text === key ? message : text;
}

/** A failed call's words (errorMessage), with the server tasks' known refusals in the page's language. */
export function refusalMessage(error: unknown): string {
  return fieldMessage(errorMessage(error));
}
