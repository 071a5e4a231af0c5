const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM-DD UTC day as "Jan 15". */
export function shortDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "3 days", "5 hours", "12 minutes" since an instant. */
export function waitedFor(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}

const statusLabels: Record<string, string> = {
  provisioning: 'Provisioning',
  installing: 'Installing',
  starting: 'Starting',
  online: 'Online',
  stopping: 'Stopping',
  offline: 'Offline',
  suspended: 'Suspended',
};

export const serverStatusLabel = (status: string) => statusLabels[status] ?? status;
