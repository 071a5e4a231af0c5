import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Tabs } from '../../../components/ui/tabs';
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
  const { data: account, isError } = useAccount();
  const [params, setParams] = useSearchParams();
  const tab = tabValues.includes(params.get('tab') ?? '') ? params.get('tab')! : 'profile';

  return (
    <div>
      <h1 className="mb-6 text-2xl font-extrabold sm:text-3xl">Settings</h1>
      {isError && <p className="text-danger">We could not load your settings. Please refresh the page.</p>}
      {!account && !isError && <PageSpinner label="Loading settings..." />}
      {account && (
        <Tabs
          label="Settings sections"
          value={tab}
          onValueChange={(value) => setParams({ tab: value }, { replace: true })}
          tabs={[
            { value: 'profile', label: 'Profile', content: <ProfileForm key={account.email} account={account} /> },
            { value: 'billing', label: 'Billing details', content: <BillingDetailsCard userId={account.id} /> },
            {
              value: 'security',
              label: 'Security',
              content: (
                <div className="space-y-6">
                  <PasswordForm />
                  <TwoFactorCard enabled={account.twoFactorEnabled} />
                  <SessionsCard />
                </div>
              ),
            },
            { value: 'notifications', label: 'Notifications', content: <NotificationsForm value={account.notifications} /> },
            { value: 'preferences', label: 'Preferences', content: <PreferencesForm value={account.preferences} /> },
          ]}
        />
      )}
    </div>
  );
}
