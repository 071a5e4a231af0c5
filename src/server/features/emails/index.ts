// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export {
  emailWords,
  formatDay,
  formatMonth,
  recipientOf,
  renderTemplate,
  sendTemplate,
  sendTemplateToAddress,
  shopLocale,
  type EmailRendererDeps,
  type EmailSendDeps,
} from './email-renderer';
export { emailTemplatesAdminRoutes } from './email-templates.routes';
export { storedEmailKeys } from './stored-keys';
