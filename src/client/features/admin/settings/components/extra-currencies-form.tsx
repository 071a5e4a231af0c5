import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { extraCurrenciesInputSchema, MAX_EXTRA_CURRENCIES, type CurrencySettings } from '../../../../../shared/schemas/admin/settings';
import { Button } from '../../../../components/ui/button';
import { Field, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useSaveExtraCurrencies } from '../api/save-extra-currencies';
import { issuesByField } from './issues';

function status(extra: CurrencySettings['extras'][number] | undefined, code: string): string {
  if (!extra) return 'Not saved yet';
  if (extra.offered) return 'Offered to customers';
  const items = `${extra.missing} item${extra.missing === 1 ? '' : 's'}`;
  return `Not offered yet: ${items} on sale ${extra.missing === 1 ? 'has' : 'have'} no ${code.toUpperCase()} price`;
}

/**
 * The extra currencies customers may pick in the header (decision 063). Each has its own price
 * list in the catalog editor; a currency is offered only once every item on sale has a price in it.
 */
export function ExtraCurrenciesForm({ settings }: { settings: CurrencySettings }) {
  const saved = settings.extras.map((e) => e.currency);
  const [list, setList] = useState<string[]>(saved);
  const [adding, setAdding] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveExtraCurrencies();
  const addId = useId();
  const choices = settings.choices.filter((c) => c !== settings.currency && !list.includes(c));
  const changed = list.join() !== saved.join();

  function add() {
    if (!adding) {
      setErrors((x) => ({ ...x, adding: 'Choose a currency to add' }));
      return;
    }
    setList((l) => [...l, adding]);
    setAdding('');
    setErrors((x) => ({ ...x, adding: '', currencies: '' }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = extraCurrenciesInputSchema.safeParse({ currencies: list, reason });
    const problems = parsed.success ? {} : issuesByField(parsed.error);
    if (!changed) problems.currencies ??= 'Add or remove a currency first';
    setErrors(problems);
    if (!parsed.success || Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync(parsed.data);
      setReason('');
      toast.success('Extra currencies saved', { description: 'Set their prices in Catalog: a currency is offered once every item on sale has one.' });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error('Could not save the extra currencies', { description: errorMessage(error) });
    }
  }

  return (
    <form className="mt-8 border-t border-line pt-6" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${addId}-title`}>
      <h3 id={`${addId}-title`} className="font-semibold">
        Extra currencies
      </h3>
      <p className="mt-1 text-sm text-muted">
        Customers pick one in the header. Each has its own prices, which you set per item in the <Link className="text-accent underline" to="/admin/catalog">catalog</Link>:
        nothing is converted at an exchange rate. Services keep the currency they were bought in.
      </p>
      {list.length === 0 ? (
        <p className="mt-4 text-sm">None: every price is in {settings.currency.toUpperCase()}.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-lg border border-line" aria-label="Extra currencies">
          {list.map((code) => (
            <li key={code} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span>
                <strong>{code.toUpperCase()}</strong> <span className="text-sm text-muted">· {status(settings.extras.find((e) => e.currency === code), code)}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${code.toUpperCase()}`}
                onClick={() => setList((l) => l.filter((c) => c !== code))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {errors.currencies && (
        <p className="mt-2 text-sm text-danger" role="alert">
          {errors.currencies}
        </p>
      )}
      {list.length < MAX_EXTRA_CURRENCIES && (
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <Field label="Add a currency" error={errors.adding}>
            {({ id, describedBy }) => (
              <Select id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.adding)} value={adding} onChange={(e) => setAdding(e.target.value)}>
                <option value="">Choose…</option>
                {choices.map((code) => (
                  <option key={code} value={code}>
                    {code.toUpperCase()}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button variant="outline" onClick={add}>
            Add
          </Button>
        </div>
      )}
      <div className="mt-4">
        <Field label="Reason for the extra currencies" error={errors.reason} hint="Kept in the audit log.">
          {({ id, describedBy }) => (
            <Textarea
              id={id}
              rows={2}
              aria-describedby={describedBy}
              aria-invalid={Boolean(errors.reason)}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setErrors((x) => ({ ...x, reason: '' }));
              }}
            />
          )}
        </Field>
      </div>
      <Button className="mt-4" type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save extra currencies'}
      </Button>
    </form>
  );
}
