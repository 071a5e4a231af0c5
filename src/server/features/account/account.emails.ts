import { sendTemplate, type EmailSendDeps } from '../emails';

/** To the new address: the link that makes the change. In the account's language (decision 061). */
export async function sendConfirmNewEmail(deps: EmailSendDeps, userId: string, url: string, newEmail: string): Promise<void> {
  await sendTemplate(deps, { userId, to: newEmail, template: 'emailChangeConfirm', values: () => ({ newEmail }), actionUrl: url });
}

/** To the old address, once the change is made. */
export async function sendEmailChangedNotice(deps: EmailSendDeps, userId: string, oldEmail: string, newEmail: string): Promise<void> {
  await sendTemplate(deps, { userId, to: oldEmail, template: 'emailChanged', values: () => ({ newEmail }) });
}
