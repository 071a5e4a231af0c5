import { roleLabels, type StaffRole } from '../../../../shared/permissions';
import { STAFF_INVITATION_DAYS } from '../../../../shared/schemas/admin/staff';
import type { MailMessage } from '../../../integrations/mail/mailer';
import { renderEmail, type EmailBrand } from '../../../integrations/mail/template';

/** The invitation to join the staff: the link lets the person set their password. */
export function staffInvitationEmail(brand: EmailBrand, url: string, role: StaffRole, invitedBy: string | null): Omit<MailMessage, 'to'> {
  const who = invitedBy ? `${invitedBy} invited you` : 'You have been invited';
  return {
    subject: `You're invited to the ${brand.name} staff console`,
    ...renderEmail({
      brand,
      heading: `Join the ${brand.name} team`,
      paragraphs: [
        `${who} to join the ${brand.name} staff console with the ${roleLabels[role]} role.`,
        'Open the link to choose your password. After you sign in, you will be asked to turn on two-factor authentication before the console opens.',
      ],
      action: { label: 'Accept the invitation', url },
      note: `This link works once and expires in ${STAFF_INVITATION_DAYS} days. If you were not expecting it, you can ignore this email.`,
    }),
  };
}
