import { toast } from 'sonner';
import type { NotificationSettings } from '../../../../shared/schemas/account';
import type { DashboardKey } from '../../../../shared/i18n/keys';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { useUpdateNotifications } from '../api/update-notifications';

const toggles: { key: keyof NotificationSettings; label: DashboardKey; description: DashboardKey }[] = [
  { key: 'email', label: 'account.notify.email', description: 'account.notify.emailText' },
  { key: 'sms', label: 'account.notify.sms', description: 'account.notify.smsText' },
  { key: 'push', label: 'account.notify.push', description: 'account.notify.pushText' },
  { key: 'maintenance', label: 'account.notify.maintenance', description: 'account.notify.maintenanceText' },
  { key: 'billing', label: 'account.notify.billing', description: 'account.notify.billingText' },
  { key: 'security', label: 'account.notify.security', description: 'account.notify.securityText' },
];

export function NotificationsForm({ value }: { value: NotificationSettings }) {
  const t = useT();
  const mutation = useUpdateNotifications();
  async function toggle(key: keyof NotificationSettings, checked: boolean) {
    try {
      await mutation.mutateAsync({ ...value, [key]: checked });
      toast.success(t('account.notify.updated'), { description: t('account.notify.updatedText') });
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }
  return (
    <Card>
      <h2 className="text-lg font-bold">{t('account.notify.title')}</h2>
      <p className="mt-1 text-sm text-muted">{t('account.notify.intro')}</p>
      <div className="mt-4 divide-y divide-line">
        {toggles.map((toggleDef) => (
          <Switch
            key={toggleDef.key}
            label={t(toggleDef.label)}
            description={t(toggleDef.description)}
            checked={value[toggleDef.key]}
            disabled={mutation.isPending}
            onCheckedChange={(checked) => void toggle(toggleDef.key, checked)}
          />
        ))}
      </div>
    </Card>
  );
}
