import { Gift, Headset, Receipt, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/session';

const quickActions = [
  { to: '/dashboard/order', label: 'Order New Server', icon: ShoppingCart },
  { to: '/success', label: 'View Last Purchase', icon: Receipt },
  { to: '/dashboard/support', label: 'Create Support Ticket', icon: Headset },
  { to: '/dashboard/affiliate', label: 'View Affiliate Program', icon: Gift },
];

export function OverviewPage() {
  const { user } = useSession();
  const name = user?.firstName?.trim() || user?.email || '';
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Welcome back, {name}</h1>
        <p className="mt-1 text-muted">Here is what is happening with your servers.</p>
      </div>
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-4 text-lg font-bold">
          Quick actions
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {quickActions.map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className="group">
              <Card className="h-full p-5 transition-colors group-hover:border-accent">
                <Icon className="h-5 w-5 text-accent" aria-hidden="true" />
                <p className="mt-3 font-semibold">{label}</p>
              </Card>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
