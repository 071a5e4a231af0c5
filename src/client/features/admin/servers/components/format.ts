const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function formatDay(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—';
}

export const filterLabels = {
  failed: 'Failed',
  stuck_installing: 'Installing over 10 minutes',
  suspended: 'Suspended',
  due_for_deletion: 'Due for deletion',
} as const;

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
