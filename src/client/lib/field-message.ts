import type { DashboardKey } from '../../shared/i18n/keys';
import { translate } from './i18n';

/**
 * The shared schemas (src/shared/schemas) word their checks in English, and the server answers a
 * field error with the same words. A form shows them in the page's language through this table;
 * a message it does not know is shown as it came.
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

export function fieldMessage(message: string): string;
export function fieldMessage(message: string | undefined): string | undefined;
export function fieldMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const key = known[message];
  return key ? translate(key) : message;
}
