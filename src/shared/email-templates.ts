/**
 * The emails staff can reword per language (Console → Emails), the variables each may use, and
 * the sample values its preview is rendered with. The texts live in the `emails` message
 * namespace as `email.<template>.<part>` (decision 061). Every template may also use {brand}.
 */
export interface EmailVariable {
  /** Shown in the preview, and listed for staff with what it holds. */
  sample: string;
  description: string;
  /** A required variable must appear in the subject or the body: without it the email says nothing useful. */
  required?: boolean;
}

export interface EmailTemplateDefinition {
  label: string;
  /** When it is sent, for staff. */
  sentWhen: string;
  variables: Record<string, EmailVariable>;
  /** The button under the body; its link is the product's own, never staff-written. */
  action: boolean;
}

const brandVariable: EmailVariable = { sample: 'Spawnpoint', description: "The shop's name (Settings → Brand)" };
const nameVariable: EmailVariable = { sample: 'Alex', description: "The customer's first name, or their email address when they gave no name" };

export const emailTemplates = {
  serverReady: {
    label: 'Your server is ready',
    sentWhen: 'Once, when a new server has finished installing and is online.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The server's name", required: true },
      address: { sample: 'de-fra-1.example.net:25565', description: 'Where players connect (host:port)', required: true },
      sftpHost: { sample: 'de-fra-1.example.net', description: 'SFTP host', required: true },
      sftpPort: { sample: '2022', description: 'SFTP port', required: true },
      sftpUsername: { sample: 'alex.3f9a1c2e', description: 'SFTP username (the password is never sent)', required: true },
    },
  },
  serverReadyNoSftp: {
    label: 'Your server is ready (no SFTP details)',
    sentWhen: 'Instead of the one above, when the game panel gives no SFTP details for the new server.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The server's name", required: true },
      address: { sample: 'de-fra-1.example.net:25565', description: 'Where players connect (host:port)', required: true },
    },
  },
  renewalReminder: {
    label: 'Renewal reminder',
    sentWhen: 'Once per billing period, 7 days before a service renews, if the customer wants billing email.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The service's name", required: true },
      amount: { sample: '€14.00', description: 'The price of the next period, in its currency', required: true },
      date: { sample: 'December 3, 2026', description: 'The renewal date', required: true },
    },
  },
  cardExpiring: {
    label: 'Card expiring',
    sentWhen: 'Once a month while a saved card expires this month or next, if the customer wants billing email.',
    action: true,
    variables: {
      name: nameVariable,
      card: { sample: 'Visa •••• 4242', description: 'The card: its brand and last four digits', required: true },
      expiry: { sample: 'December 2026', description: 'The month it expires in', required: true },
    },
  },
  serviceSuspended: {
    label: 'Service suspended',
    sentWhen: 'When a service is suspended because its renewal stayed unpaid.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The service's name", required: true },
      amount: { sample: '€14.00', description: 'The unpaid amount', required: true },
      deleteDate: { sample: 'December 27, 2026', description: 'When it is deleted if it stays unpaid', required: true },
    },
  },
  serviceResumed: {
    label: 'Service resumed',
    sentWhen: 'When a suspended service is running again because its renewal was paid.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The service's name", required: true },
    },
  },
  renewalReceipt: {
    label: 'Renewal receipt',
    sentWhen: 'When a renewal is paid, if the customer wants billing email.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The service's name", required: true },
      amount: { sample: '€14.00', description: 'What the renewal cost', required: true },
      invoice: { sample: 'INV-2026-000042', description: 'The invoice number', required: true },
      credit: { sample: '€4.00', description: "How much of it came from account credit, or 'none'" },
      date: { sample: 'January 3, 2027', description: 'When it renews next', required: true },
    },
  },
  paymentFailed: {
    label: 'Renewal payment failed',
    sentWhen: 'When charging a renewal fails, if the customer wants billing email.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The service's name", required: true },
      amount: { sample: '€14.00', description: 'What could not be charged', required: true },
      reason: { sample: 'Your card was declined.', description: "The payment provider's reason" },
      retryDate: { sample: 'December 6, 2026', description: "When the card is tried again, or 'none'" },
      suspendDate: { sample: 'December 10, 2026', description: 'When the service is suspended if it stays unpaid', required: true },
    },
  },
  serviceDeleted: {
    label: 'Service deleted (unpaid)',
    sentWhen: 'When a service is deleted because its renewal stayed unpaid, if the customer wants billing email.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The service's name", required: true },
      days: { sample: '30', description: 'How many days it stayed unpaid (Settings → Business rules)' },
      backupUntil: { sample: 'January 2, 2027', description: "Until when its last backup can be downloaded, or 'none'" },
    },
  },
  serviceCancelled: {
    label: 'Service ended (cancelled)',
    sentWhen: 'When a service the customer cancelled ends at its period’s end, if the customer wants billing email.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The service's name", required: true },
      backupUntil: { sample: 'January 2, 2027', description: "Until when its last backup can be downloaded, or 'none'" },
    },
  },
  ticketReply: {
    label: 'Support replied',
    sentWhen: 'When staff reply to a customer’s ticket, if the customer wants email notifications.',
    action: true,
    variables: {
      name: nameVariable,
      reference: { sample: 'T-4F2A9C', description: "The ticket's reference", required: true },
      subject: { sample: 'Cannot connect', description: "The ticket's subject", required: true },
      staffName: { sample: 'Sam', description: 'Who replied' },
      message: { sample: 'Restart the server once; the new port is then open.', description: 'The reply, as written', required: true },
    },
  },
  emailChangeConfirm: {
    label: 'Confirm a new email address',
    sentWhen: 'To the new address, when a customer changes their email in Settings.',
    action: true,
    variables: {
      name: nameVariable,
      newEmail: { sample: 'alex@example.net', description: 'The new address', required: true },
    },
  },
  emailChanged: {
    label: 'Email address changed',
    sentWhen: 'To the old address, once a change of email is confirmed.',
    action: false,
    variables: {
      name: nameVariable,
      newEmail: { sample: 'alex@example.net', description: 'The new address', required: true },
    },
  },
  statusNotice: {
    label: 'Incident or maintenance notice',
    sentWhen: 'When staff post or update an incident or maintenance notice, to customers with a server in an affected location.',
    action: true,
    variables: {
      name: nameVariable,
      kind: { sample: 'maintenance', description: "'maintenance' or 'incident'" },
      title: { sample: 'Network upgrade in Frankfurt', description: "The notice's title", required: true },
      state: { sample: 'scheduled', description: 'investigating, identified, monitoring, resolved, scheduled, in_progress or completed' },
      start: { sample: 'December 3, 2026, 02:00 UTC', description: "When maintenance starts, or 'none'" },
      end: { sample: 'December 3, 2026, 04:00 UTC', description: 'When maintenance ends' },
      locations: { sample: 'de-fra', description: "The affected locations, or 'none'" },
      message: { sample: 'We are replacing the switches; servers restart once.', description: "Staff's message", required: true },
    },
  },
  moveDone: {
    label: 'Region move done',
    sentWhen: 'When a server has moved to another location.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The server's name", required: true },
      from: { sample: 'US East (Virginia)', description: 'The old location' },
      to: { sample: 'EU Central (Frankfurt)', description: 'The new location', required: true },
      newAddress: { sample: 'de-fra-1.example.net:25565', description: "The new address (host:port), or 'none' when it is not known yet", required: true },
      oldAddress: { sample: 'us-east-1.example.net:25565', description: "The old address, or 'none'" },
      change: { sample: 'charged', description: "'charged', 'credited' or 'same': what happened to the price" },
      amount: { sample: '€3.20', description: 'The difference charged or credited for the rest of the period' },
    },
  },
  moveRolledBack: {
    label: 'Region move rolled back',
    sentWhen: 'When a move failed and everything was put back.',
    action: true,
    variables: {
      name: nameVariable,
      server: { sample: 'Survival SMP', description: "The server's name", required: true },
      from: { sample: 'US East (Virginia)', description: 'Where it stays', required: true },
      to: { sample: 'EU Central (Frankfurt)', description: 'Where it was to move' },
      reason: { sample: 'The new location had no room for the server.', description: 'What went wrong' },
      oldAddress: { sample: 'us-east-1.example.net:25565', description: "Its address, or 'none'" },
      refund: { sample: '€3.20', description: "What was refunded, or 'none'" },
    },
  },
  orderConfirmation: {
    label: 'Order confirmation',
    sentWhen: 'Once, when an order is paid; the invoice is attached as a PDF.',
    action: true,
    variables: {
      name: nameVariable,
      total: { sample: '€14.00', description: 'What was paid, tax included', required: true },
      description: { sample: 'Minecraft Java · 4 GB · Frankfurt', description: 'What was bought', required: true },
      invoice: { sample: 'INV-2026-000042', description: 'The invoice number', required: true },
    },
  },
  refundToCard: {
    label: 'Refund to the card',
    sentWhen: 'Once per credit note, when an order is refunded (in full or in part) to the card it was paid with; the credit note is attached as a PDF.',
    action: true,
    variables: {
      name: nameVariable,
      amount: { sample: '€7.00', description: 'The amount refunded, in the order’s currency', required: true },
      description: { sample: 'Minecraft Java · 4 GB · Frankfurt', description: 'What the refund is for', required: true },
      creditNote: { sample: 'CN-000042', description: 'The credit note number', required: true },
      range: { sample: '5-7', description: 'The business days a card refund takes, as stated on the credit note when it was issued', required: true },
      days: { sample: '7', description: 'The most business days it takes: picks the singular or plural of the days' },
    },
  },
  refundToCredit: {
    label: 'Refund to account credit',
    sentWhen: 'Once per credit note, when an order is refunded (in full or in part) to the customer’s account credit; the credit note is attached as a PDF.',
    action: true,
    variables: {
      name: nameVariable,
      amount: { sample: '€7.00', description: 'The amount refunded, in the order’s currency', required: true },
      description: { sample: 'Minecraft Java · 4 GB · Frankfurt', description: 'What the refund is for', required: true },
      creditNote: { sample: 'CN-000042', description: 'The credit note number', required: true },
    },
  },
  verifyEmail: {
    label: 'Verify the email address (sign-up)',
    sentWhen: 'When someone signs up, or signs up again on an address never verified; in their account’s language, else the sign-up page’s.',
    action: true,
    variables: { name: nameVariable },
  },
  signupAttempt: {
    label: 'Sign-up on an existing account',
    sentWhen: 'When someone tries to sign up with the address of an account that is already verified.',
    action: true,
    variables: { name: nameVariable },
  },
  passwordReset: {
    label: 'Reset the password',
    sentWhen: 'When someone asks for a password reset link for an existing account, or staff send one.',
    action: true,
    variables: { name: nameVariable },
  },
  passwordChanged: {
    label: 'Password changed',
    sentWhen: 'When the password of an account was changed, by a reset link or in Settings.',
    action: true,
    variables: { name: nameVariable },
  },
  twoFactorOn: {
    label: 'Two-factor sign-in turned on',
    sentWhen: 'When a customer turns on two-factor sign-in.',
    action: false,
    variables: { name: nameVariable },
  },
  twoFactorOff: {
    label: 'Two-factor sign-in turned off',
    sentWhen: 'When a customer turns off two-factor sign-in, or staff turn it off for them.',
    action: false,
    variables: { name: nameVariable },
  },
  shareInvitation: {
    label: 'Invitation to a shared server',
    sentWhen: 'When a customer shares a server with someone by email; in the invitee’s account language, else the owner’s.',
    action: true,
    variables: {
      owner: { sample: 'Alex', description: 'Who shared the server: their name, or their email address', required: true },
      server: { sample: 'Survival SMP', description: "The server's name", required: true },
      permissions: { sample: 'console, power and backups', description: 'What they may do, as a list in the email’s language', required: true },
      days: { sample: '7', description: 'How many days the link works' },
    },
  },
  contactReceived: {
    label: 'Contact form: message received',
    sentWhen: 'To a visitor who wrote through the contact form, in the language of the page they wrote from.',
    action: false,
    variables: {
      name: { sample: 'Alex', description: 'The name they gave in the form' },
      reference: { sample: 'T-4F2A9C', description: "The ticket's reference", required: true },
      subject: { sample: 'Cannot connect', description: 'The subject they wrote' },
    },
  },
  guestTicketReply: {
    label: 'Contact form: staff replied',
    sentWhen: 'When staff reply to a message from the contact form (the visitor has no account).',
    action: false,
    variables: {
      reference: { sample: 'T-4F2A9C', description: "The ticket's reference", required: true },
      subject: { sample: 'Cannot connect', description: 'The subject they wrote', required: true },
      staffName: { sample: 'Sam', description: 'Who replied' },
      message: { sample: 'Restart the server once; the new port is then open.', description: 'The reply, as written', required: true },
      supportEmail: { sample: 'support@example.com', description: 'The support address they write to, to answer' },
    },
  },
} as const satisfies Record<string, EmailTemplateDefinition>;

export type EmailTemplateId = keyof typeof emailTemplates;
export const emailTemplateIds = Object.keys(emailTemplates) as EmailTemplateId[];
export type EmailVariables<T extends EmailTemplateId> = Record<keyof (typeof emailTemplates)[T]['variables'], string>;

export function isEmailTemplateId(value: string): value is EmailTemplateId {
  return Object.hasOwn(emailTemplates, value);
}

/** Variables every template may use besides its own. */
export const commonEmailVariables: Record<string, EmailVariable> = { brand: brandVariable };

export function variablesOf(id: EmailTemplateId): Record<string, EmailVariable> {
  return { ...commonEmailVariables, ...emailTemplates[id].variables };
}

export const emailParts = ['subject', 'body', 'action'] as const;
export type EmailPart = (typeof emailParts)[number];

export function emailKey(id: EmailTemplateId, part: EmailPart): string {
  return `email.${id}.${part}`;
}
