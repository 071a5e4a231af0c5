import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Tabs } from '../../../components/ui/tabs';
import { useT } from '../../../lib/i18n';
import { useAccount } from '../api/get-account';
import { BillingDetailsCard } from './billing-details-card';
import { NotificationsForm } from './notifications-form';
import { PasswordForm } from './password-form';
import { PreferencesForm } from './preferences-form';
import { ProfileForm } from './profile-form';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const tabValues = ['profile', 'billing', 'security', 'notifications', 'preferences'];

export default function SettingsPage() {
  const t = useT();
  const { data: account, isError } = useAccount();
  const [params, setParams] = useSearchParams();
  const tab = tabValues.includes(params.get('tab') ?? '') ? params.get('tab')! : 'profile';

  return (
    <div>
      <h1 className="mb-6 text-2xl font-extrabold sm:text-3xl">{t('account.title')}</h1>
      {isError && <p className="text-danger">{t('account.loadFailed')}</p>}
      {!account && !isError && <PageSpinner label={t('account.loading')} />}
      {account && (
        <Tabs
          label={t('account.sections')}
          value={tab}
          onValueChange={(value) => setParams({ tab: value }, { replace: true })}
          tabs={[
            { value: 'profile', label: t('account.tab.profile'), content: <ProfileForm key={account.email} account={account} /> },
            { value: 'billing', label: t('account.tab.billing'), content: <BillingDetailsCard userId={account.id} /> },
            {
              value: 'security',
              label: t('account.tab.security'),
              content: (
                <div className="space-y-6">
                  <PasswordForm />
                  <TwoFactorCard enabled={account.twoFactorEnabled} />
                  <SessionsCard />
                </div>
              ),
            },
            { value: 'notifications', label: t('account.tab.notifications'), content: <NotificationsForm value={account.notifications} /> },
            { value: 'preferences', label: t('account.tab.preferences'), content: <PreferencesForm value={account.preferences} /> },
          ]}
        />
      )}
    </div>
  );
}
