import type { Role } from './schemas/auth';

/**
 * What each staff role may do in the console. The server checks these on every /api/admin route
 * (each route declares one); the client only uses them to hide what a role cannot do.
 */
export const permissionRoles = {
  /** The staff home: tiles and the revenue chart. */
  'dashboard.read': ['support', 'billing', 'admin'],
  'tickets.read': ['support', 'billing', 'admin'],
  'tickets.write': ['support', 'billing', 'admin'],
  'customers.read': ['support', 'billing', 'admin'],
  /** Help with access: resend verification, password reset, turn off 2FA, sign out everywhere, suspend, view as. */
  'customers.access': ['support', 'billing', 'admin'],
  /** Orders, invoices, refunds already made, the credit ledger: support may look, not touch. */
  'money.read': ['support', 'billing', 'admin'],
  /** Refunds and credit adjustments. */
  'money.write': ['billing', 'admin'],
  /** Mark a customer's EU VAT ID as verified by hand when VIES cannot (it decides reverse charge). */
  'vat.verify': ['billing', 'admin'],
  'coupons.manage': ['billing', 'admin'],
  'affiliate.payouts': ['billing', 'admin'],
  'servers.read': ['support', 'billing', 'admin'],
  /** Manual deliveries of add-ons and packs (decision 058): see them, and mark them done or refused. */
  'tasks.read': ['support', 'billing', 'admin'],
  'tasks.decide': ['support', 'billing', 'admin'],
  /** Retry provisioning and power actions. */
  'servers.operate': ['support', 'billing', 'admin'],
  /** Suspend, unsuspend and delete. */
  'servers.manage': ['billing', 'admin'],
  'jobs.read': ['support', 'billing', 'admin'],
  /** Post incidents and maintenance notices on the status page (affected customers are emailed). */
  'status.manage': ['support', 'billing', 'admin'],
  'jobs.retry': ['admin'],
  'staff.manage': ['admin'],
  'audit.read': ['admin'],
  'catalog.manage': ['admin'],
  'settings.manage': ['admin'],
  /** Edit the wording of any message per language (the shipped text stays as the fallback). */
  'translations.manage': ['admin'],
  /** The Markdown pages: home hero, About and the legal pages, which bind the seller. */
  'content.manage': ['admin'],
  /** Dashboard announcements: banners to customers about their service, posted by whoever is on duty. */
  'announcements.manage': ['support', 'billing', 'admin'],
  /** News posts and the help centre: support writes most answers. */
  'articles.manage': ['support', 'billing', 'admin'],
  'migration.run': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissionRoles;
export const allPermissions = Object.keys(permissionRoles) as Permission[];

export const staffRoles = ['support', 'billing', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role ?? '');
}

export function can(role: string | null | undefined, permission: Permission): boolean {
  return (permissionRoles[permission] as readonly string[]).includes(role ?? '');
}

export const roleLabels: Record<Role, string> = {
  customer: 'Customer',
  support: 'Support',
  billing: 'Billing',
  admin: 'Admin',
};
