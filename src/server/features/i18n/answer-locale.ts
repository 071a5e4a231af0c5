import type { FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../../shared/i18n/locales';
import type { Db } from '../../db/client';
import { requestLocale } from '../../lib/request-locale';
import { i18nServiceFor } from './i18n.service';

/**
 * The language an answer is written in: the `lang` the page names (its own language, fixed for
 * the load), else the picker's cookie or the browser's, else the shop's default from Settings.
 */
export async function answerLocale(db: Db, request: FastifyRequest, lang?: unknown): Promise<Locale> {
  if (isLocale(lang)) return lang;
  return requestLocale(request) ?? (await i18nServiceFor(db).current()).defaultLocale;
}
