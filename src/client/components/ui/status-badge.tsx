import { Badge } from './badge';

/** The spec's server status colours, compared case-insensitively: online green, suspended warning, others grey. */
export function ServerStatusBadge({ status }: { status: string }) {
  const s = status.toLowerCase();
  const tone = s === 'online' ? 'green' : s === 'suspended' ? 'yellow' : s === 'failed' ? 'red' : 'grey';
  const label = s.charAt(0).toUpperCase() + s.slice(1);
  return <Badge tone={tone}>{label}</Badge>;
}
