import { useState, type FormEvent } from 'react';
import { taxReportQuerySchema } from '../../../../../shared/schemas/admin/tax-report';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';

/** The first and last day of last month, the period most returns are filed for. */
function lastMonth(now = new Date()) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** Downloads the tax report CSV (GET /api/admin/tax-report.csv) for a period, per document or per country. */
export function TaxReportCard() {
  const [period, setPeriod] = useState(lastMonth);
  const [view, setView] = useState<'documents' | 'countries'>('countries');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = taxReportQuerySchema.safeParse({ ...period, view });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const query = new URLSearchParams(checked.data).toString();
    window.location.assign(`/api/admin/tax-report.csv?${query}`);
  }

  return (
    <Card>
      <section aria-labelledby="tax-report-title">
        <h2 id="tax-report-title" className="text-lg font-bold">
          Tax report
        </h2>
        <p className="mt-1 text-sm text-muted">
          Invoices and credit notes issued in the period with net, tax, rate, the customer's country and VAT ID, and reverse charge. Credit notes count negative. Amounts are never summed across
          currencies.
        </p>
        <form className="mt-4 grid gap-4 sm:grid-cols-4 sm:items-end" onSubmit={submit} noValidate>
          <Field label="From" error={errors.from}>
            {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} type="date" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />}
          </Field>
          <Field label="To" error={errors.to}>
            {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} type="date" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />}
          </Field>
          <Field label="Rows">
            {({ id }) => (
              <Select id={id} value={view} onChange={(e) => setView(e.target.value as 'documents' | 'countries')}>
                <option value="countries">Totals per country</option>
                <option value="documents">One row per document</option>
              </Select>
            )}
          </Field>
          <Button type="submit">Download CSV</Button>
        </form>
      </section>
    </Card>
  );
}
