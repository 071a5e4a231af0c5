import { Filter, Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TicketFilters } from '../../../components/tickets/ticket-filters';
import { useTicketFilterParams } from '../../../components/tickets/use-ticket-filters';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Tabs } from '../../../components/ui/tabs';
import { useT } from '../../../lib/i18n';
import { useTickets } from '../api/get-tickets';
import { KnowledgeBase } from './knowledge-base';
import { NewTicketForm } from './new-ticket-form';
import { TicketList } from './ticket-list';

function MyTickets({ onNewTicket }: { onNewTicket: () => void }) {
  const t = useT();
  const { filters, search, setSearch, setFilters, active } = useTicketFilterParams();
  const [showFilters, setShowFilters] = useState(Boolean(filters.status || filters.priority));
  const { data: tickets, isError, isFetching } = useTickets(filters);
  const searchId = useId();
  const filtersId = useId();
  const filterCount = Number(Boolean(filters.status)) + Number(Boolean(filters.priority));

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1" role="search">
          <label htmlFor={searchId} className="sr-only">
            {t('support.search')}
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            placeholder={t('support.searchPlaceholder')}
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Button
          variant="outline"
          aria-expanded={showFilters}
          aria-controls={filtersId}
          onClick={() => setShowFilters((s) => !s)}
        >
          <Filter className="h-4 w-4" aria-hidden="true" />
          {t('support.filter')}
          {filterCount > 0 && (
            <span className="rounded-full bg-accent px-1.5 text-xs text-accent-ink">
              <span aria-hidden="true">{filterCount}</span>
              <span className="sr-only">{t('support.filterCount', { count: filterCount })}</span>
            </span>
          )}
        </Button>
      </div>
      {showFilters && (
        <TicketFilters id={filtersId} status={filters.status ?? ''} priority={filters.priority ?? ''} onChange={setFilters} />
      )}

      <div aria-live="polite" aria-busy={isFetching}>
        {isError && <p className="text-danger">{t('support.loadFailed')}</p>}
        {!tickets && !isError && <PageSpinner label={t('support.loading')} />}
        {tickets && tickets.length > 0 && <TicketList tickets={tickets} />}
        {tickets && tickets.length === 0 && (
          <Card className="text-center">
            {active ? (
              <>
                <h2 className="text-lg font-bold">{t('support.noMatch')}</h2>
                <p className="mt-1 text-sm text-muted">{t('support.noMatchText')}</p>
              </>
            ) : (
              <>
                <h2 className="text-lg font-bold">{t('support.empty')}</h2>
                <p className="mt-1 text-sm text-muted">{t('support.emptyText')}</p>
                <Button className="mt-4" onClick={onNewTicket}>
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  {t('support.newTicket')}
                </Button>
              </>
            )}
          </Card>
        )}
      </div>
    </div>
  );
}

const tabValues = ['tickets', 'knowledge-base'];

/** /dashboard/support: the customer's tickets, the knowledge base, and the New Ticket dialog. */
export default function SupportPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [dialogOpen, setDialogOpen] = useState(false);
  const tab = tabValues.includes(params.get('tab') ?? '') ? params.get('tab')! : 'tickets';

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">{t('support.title')}</h1>
          <p className="mt-1 text-muted">{t('support.intro')}</p>
        </div>
        <Button onClick={() => setDialogOpen(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('support.newTicket')}
        </Button>
      </div>
      <Tabs
        label={t('support.sections')}
        value={tab}
        onValueChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value === 'tickets') next.delete('tab');
              else next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
        tabs={[
          { value: 'tickets', label: t('support.tab.tickets'), content: <MyTickets onNewTicket={() => setDialogOpen(true)} /> },
          { value: 'knowledge-base', label: t('support.tab.kb'), content: <KnowledgeBase /> },
        ]}
      />
      <Dialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={t('support.dialog.title')}
        description={t('support.dialog.description')}
      >
        <NewTicketForm onCreated={() => setDialogOpen(false)} onCancel={() => setDialogOpen(false)} />
      </Dialog>
    </div>
  );
}
