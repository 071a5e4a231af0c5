import { serverPermissionLabels, SERVER_INVITE_DAYS, type ServerPermission } from '../../../shared/schemas/server-sharing';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderEmail, type EmailBrand } from '../../integrations/mail/template';

export function permissionWords(permissions: readonly ServerPermission[]): string {
  return permissions.map((p) => serverPermissionLabels[p].label.toLowerCase()).join(', ');
}

/** The invitation to help run someone's server: the link signs in (or up) and accepts. */
export function shareInvitationEmail(brand: EmailBrand, input: { url: string; ownerName: string; serverName: string; permissions: readonly ServerPermission[] }): Omit<MailMessage, 'to'> {
  return {
    subject: `${input.ownerName} shared the server ${input.serverName} with you`,
    ...renderEmail({
      brand,
      heading: `You can now help run ${input.serverName}`,
      paragraphs: [
        `${input.ownerName} invited you to the game server ${input.serverName} on ${brand.name}, with access to: ${permissionWords(input.permissions)}.`,
        `Open the link and sign in with this email address, or create a ${brand.name} account with it first. The server then shows on My Services under "Shared with you". The owner keeps the billing: you never pay for it.`,
      ],
      action: { label: 'Accept the invitation', url: input.url },
      note: `This link expires in ${SERVER_INVITE_DAYS} days. If you were not expecting it, you can ignore this email.`,
    }),
  };
}
