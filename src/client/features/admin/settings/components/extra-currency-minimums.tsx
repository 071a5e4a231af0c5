import { formatMoney } from '../../../../../shared/money';
import { minimumChargeOf } from '../../../../../shared/stripe-minimums';
import { Field, Input } from '../../../../components/ui/field';

interface Props {
  /** The shop's extra currencies, lower-case ISO codes. */
  extras: string[];
  /** What staff typed per currency, in major units; empty: the currency's own smallest card payment. */
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (currency: string, value: string) => void;
}

/** The least an affiliate can take out in each extra currency (decision 080); none is converted from the shop's minimum. */
export function ExtraCurrencyMinimums({ extras, values, errors, onChange }: Props) {
  if (extras.length === 0) return null;
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted">
        Commission is paid out in the currency it was earned in. Leave a currency empty to use its smallest card payment as its minimum.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {extras.map((currency) => {
          const key = `affiliate.minimumPayoutByCurrency.${currency}`;
          const floor = formatMoney(minimumChargeOf(currency), currency);
          return (
            <Field key={currency} label={`Minimum payout (${currency.toUpperCase()})`} error={errors[key]} hint={`Empty: ${floor}, the smallest card payment in ${currency.toUpperCase()}.`}>
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  inputMode="decimal"
                  placeholder={floor}
                  aria-describedby={describedBy}
                  aria-invalid={Boolean(errors[key])}
                  value={values[currency] ?? ''}
                  onChange={(e) => onChange(currency, e.target.value)}
                />
              )}
            </Field>
          );
        })}
      </div>
    </div>
  );
}
