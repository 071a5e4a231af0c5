import {
  Activity,
  BookOpen,
  ClipboardCheck,
  FileText,
  Files,
  HandCoins,
  Inbox,
  Languages,
  LifeBuoy,
  Newspaper,
  Megaphone,
  LayoutDashboard,
  Mail,
  ListChecks,
  type LucideIcon,
  Receipt,
  ScrollText,
  Settings,
  Server,
  ShieldCheck,
  TicketPercent,
  Truck,
  Users,
} from 'lucide-react';
import type { Permission } from '../../../../shared/permissions';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  permission: Permission;
  end?: boolean;
}

/** The console's sections, each shown only to roles with its permission. */
export const adminNav: AdminNavItem[] = [
  { to: '/admin', label: 'Home', icon: LayoutDashboard, permission: 'dashboard.read', end: true },
  { to: '/admin/customers', label: 'Customers', icon: Users, permission: 'customers.read' },
  { to: '/admin/orders', label: 'Orders', icon: Receipt, permission: 'money.read' },
  { to: '/admin/invoices', label: 'Invoices', icon: FileText, permission: 'money.read' },
  { to: '/admin/servers', label: 'Servers', icon: Server, permission: 'servers.read' },
  { to: '/admin/jobs', label: 'Jobs', icon: ListChecks, permission: 'jobs.read' },
  { to: '/admin/tickets', label: 'Tickets', icon: Inbox, permission: 'tickets.read' },
  { to: '/admin/tasks', label: 'Delivery tasks', icon: ClipboardCheck, permission: 'tasks.read' },
  { to: '/admin/status', label: 'Status page', icon: Activity, permission: 'status.manage' },
  { to: '/admin/announcements', label: 'Announcements', icon: Megaphone, permission: 'announcements.manage' },
  { to: '/admin/affiliate', label: 'Affiliate payouts', icon: HandCoins, permission: 'affiliate.payouts' },
  { to: '/admin/coupons', label: 'Coupons', icon: TicketPercent, permission: 'coupons.manage' },
  { to: '/admin/catalog', label: 'Catalog', icon: BookOpen, permission: 'catalog.manage' },
  { to: '/admin/content', label: 'Pages', icon: Files, permission: 'content.manage' },
  { to: '/admin/news', label: 'News', icon: Newspaper, permission: 'articles.manage' },
  { to: '/admin/help', label: 'Help centre', icon: LifeBuoy, permission: 'articles.manage' },
  { to: '/admin/settings', label: 'Settings', icon: Settings, permission: 'settings.manage' },
  { to: '/admin/translations', label: 'Translations', icon: Languages, permission: 'translations.manage' },
  { to: '/admin/emails', label: 'Emails', icon: Mail, permission: 'translations.manage' },
  { to: '/admin/staff', label: 'Staff', icon: ShieldCheck, permission: 'staff.manage' },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText, permission: 'audit.read' },
  { to: '/migration', label: 'Panel migration', icon: Truck, permission: 'migration.run' },
];

