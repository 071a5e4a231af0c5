import { toast } from 'sonner';
import type { NotificationSettings } from '../../../../shared/schemas/account';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/errors';
import { useUpdateNotifications } from '../api/update-notifications';

const toggles: { key: keyof NotificationSettings; label: string; description: string }[] = [
  { key: 'email', label: 'Email notifications', description: 'Ticket replies, order receipts and account news by email.' },
  { key: 'sms', label: 'SMS notifications', description: 'Urgent alerts by text message.' },
  { key: 'push', label: 'Push notifications', description: 'Alerts in your browser while the dashboard is open.' },
  { key: 'maintenance', label: 'Maintenance alerts', description: 'Planned work on the nodes your servers run on.' },
  { key: 'billing', label: 'Billing alerts', description: 'Upcoming renewals, failed payments and invoices.' },
  { key: 'security', label: 'Security alerts', description: 'New sign-ins, password and two-factor changes.' },
];

export function NotificationsForm({ value }: { value: NotificationSettings }) {
  const mutation = useUpdateNotifications();
  async function toggle(key: keyof NotificationSettings, checked: boolean) {
    try {
      await mutation.mutateAsync({ ...value, [key]: checked });
      toast.success('Notifications updated', { description: 'Your notification settings are saved.' });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }
  return (
    <Card>
      <h2 className="text-lg font-bold">Notifications</h2>
      <p className="mt-1 text-sm text-muted">Choose what we tell you about. Changes save straight away.</p>
      <div className="mt-4 divide-y divide-line">
        {toggles.map((t) => (
          <Switch
            key={t.key}
            label={t.label}
            description={t.description}
            checked={value[t.key]}
            disabled={mutation.isPending}
            onCheckedChange={(checked) => void toggle(t.key, checked)}
          />
        ))}
      </div>
    </Card>
  );
}
