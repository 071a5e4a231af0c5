import { ArrowLeft, Check, RefreshCw, Wrench, Zap } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatCatalogPrice } from '../../../lib/money';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useCatalog } from '../../../lib/catalog';
import { PurchaseDialog } from '../../../components/purchase-dialog';

export default function UpgradePage() {
  const { slug } = useParams();
  const { data: catalog } = useCatalog();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!catalog) return <PageSpinner />;
  const pack = catalog.packs.find((p) => p.slug === slug);
  if (!pack) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">That upgrade pack does not exist</h1>
        <ButtonLink to="/" className="mt-6">
          Return home
        </ButtonLink>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <Button variant="ghost" size="sm" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back
      </Button>
      <header className="mt-6 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">Upgrade pack</p>
        <h1 className="mt-2 text-4xl font-extrabold sm:text-5xl">{pack.name}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted">{pack.tagline}</p>
        <p className="mt-6">
          <span className="text-5xl font-extrabold" data-testid="pack-price">
            {formatCatalogPrice(pack.priceCents)}
          </span>
          <span className="text-muted">/month</span>
        </p>
      </header>

      <ul className="mt-12 grid gap-5 md:grid-cols-3">
        {pack.highlights.map((h) => (
          <li key={h.title}>
            <Card className="h-full">
              <h2 className="text-lg font-bold">{h.title}</h2>
              <p className="mt-2 text-sm text-muted">{h.text}</p>
            </Card>
          </li>
        ))}
      </ul>

      <Card className="mt-10">
        <h2 className="text-xl font-bold">Everything included</h2>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {pack.features.map((f) => (
            <li key={f} className="flex gap-2 text-sm">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              {f}
            </li>
          ))}
        </ul>
        <div className="mt-8 text-center">
          <Button size="lg" onClick={() => setOpen(true)}>
            Upgrade Now
          </Button>
        </div>
      </Card>

      <div className="mt-10 grid gap-5 md:grid-cols-2">
        <Card>
          {pack.delivery?.type === 'priority-support' ? (
            <>
              <Zap className="h-6 w-6 text-accent" aria-hidden="true" />
              <h2 className="mt-3 font-bold">On as soon as you pay</h2>
              <p className="mt-2 text-sm text-muted">
                Priority support starts for your account when the payment clears: your next ticket goes to the front of the queue.
              </p>
            </>
          ) : (
            <>
              <Wrench className="h-6 w-6 text-accent" aria-hidden="true" />
              <h2 className="mt-3 font-bold">Set up by our team</h2>
              <p className="mt-2 text-sm text-muted">
                Once you pay, our team gets your request and does the work by hand. Your dashboard shows where it stands, and our note
                when it is done.
              </p>
            </>
          )}
        </Card>
        <Card>
          <RefreshCw className="h-6 w-6 text-accent" aria-hidden="true" />
          <h2 className="mt-3 font-bold">Cancel whenever you like</h2>
          <p className="mt-2 text-sm text-muted">
            Billed monthly with no contract. Cancel from your dashboard and the pack stays on until the paid month ends.
          </p>
        </Card>
      </div>
      <PurchaseDialog pack={pack} open={open} onOpenChange={setOpen} />
    </div>
  );
}
