// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { createI18nService, i18nServiceFor, type I18nService, type I18nSnapshot } from './i18n.service';
export { answerLocale } from './answer-locale';
export { i18nRoutes } from './i18n.routes';
export { translationsAdminRoutes } from './translations.routes';
export { deleteOverride, listOverrides, upsertOverride } from './i18n.repository';
export { customerLanguage } from './customer-language';
