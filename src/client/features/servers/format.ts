import { currentLocale, translate } from '../../lib/i18n';

const units = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1_572_864 → "1.5 MB" (binary multiples, as panels count them). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: digits }).format(Number(value.toFixed(digits)));
  return `${number} ${units[unit]}`;
}

/** 93_784 → "1d 2h 3m" (in the page's language); under a minute shows seconds. */
export function formatUptime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '—';
  const s = Math.floor(seconds);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return translate('servers.uptime.days', { days, hours, minutes });
  if (hours > 0) return translate('servers.uptime.hours', { hours, minutes });
  if (minutes > 0) return translate('servers.uptime.minutes', { minutes });
  return translate('servers.uptime.seconds', { seconds: s });
}

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(Math.round(value) / 100);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** A share of a limit as 0..1 for a bar; 0 when the limit is unknown. */
export function ratio(used: number | null | undefined, limit: number | null | undefined): number {
  if (!used || !limit || limit <= 0) return 0;
  return Math.min(1, Math.max(0, used / limit));
}

/** "04:30" for a restart time; null for anything that is not a 24-hour HH:MM. */
export function parseDailyTime(value: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? `${match[1]}:${match[2]}` : null;
}
