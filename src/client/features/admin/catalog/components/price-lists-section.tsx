import { useId, useState } from 'react';
import { itemKey, type CatalogDraft } from '../../../../../shared/catalog-draft';
import { itemLabel } from '../../../../../shared/catalog-rules';
import { formatMoney } from '../../../../../shared/money';
import { missingPrices, pricedSections, type PricedSection } from '../../../../../shared/price-lists';
import { cn } from '../../../../lib/cn';
import { Head, PriceInput } from './catalog-inputs';
import { Cell, Row, SectionCard, StateBadges, Table, isNew, type SectionProps } from './section-kit';

const titles: Record<PricedSection, string> = { plans: 'Plans (per month)', addons: 'Add-ons (per month)', locations: 'Locations (per month, on top of the plan)', packs: 'Upgrade packs (per month)' };

type PricedItem = { priceCents?: number; monthlyCents?: number; prices?: Record<string, number>; hidden: boolean };

function baseOf(section: PricedSection, item: PricedItem): number {
  return section === 'locations' ? (item.monthlyCents ?? 0) : (item.priceCents ?? 0);
}

/**
 * The catalog's price lists of the extra currencies (decision 063): each plan, add-on, pack and
 * priced location gets its own price per currency, typed here and never converted. A currency is
 * offered to customers only once every item on sale has a price in it, which the card says.
 */
export function PriceListsSection(props: SectionProps & { shop: string; extras: string[] }) {
  const { draft, saved, update, shop, extras } = props;
  const [currency, setCurrency] = useState(extras[0] ?? '');
  const selectId = useId();
  if (!extras.includes(currency)) return null;
  const missing = missingPrices(draft, currency);
  const code = currency.toUpperCase();

  function setPrice(section: PricedSection, index: number, minor: number | undefined) {
    update((d) => {
      const item = (d[section] as PricedItem[])[index];
      if (!item) return;
      const prices = { ...item.prices };
      if (minor === undefined) delete prices[currency];
      else prices[currency] = minor;
      if (Object.keys(prices).length === 0) delete item.prices;
      else item.prices = prices;
    });
  }

  return (
    <SectionCard
      title="Prices in other currencies"
      description={`Each extra currency has its own prices, typed here: nothing is converted at an exchange rate. Prices in ${shop.toUpperCase()} are set in the other tabs.`}
      actions={
        extras.length > 1 ? (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="text-sm font-medium">
              Currency
            </label>
            <select id={selectId} value={currency} onChange={(e) => setCurrency(e.target.value)} className="h-9 rounded-md border border-line bg-bg px-2 text-sm">
              {extras.map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
        ) : undefined
      }
    >
      <div role="status" className={cn('mb-4 rounded-lg border px-3 py-2 text-sm', missing.length ? 'border-warn/50 bg-warn/10' : 'border-line bg-surface-2')}>
        {missing.length === 0 ? (
          <p>
            <strong>{code} is offered to customers</strong> once saved: every item on sale has a {code} price.
          </p>
        ) : (
          <>
            <p>
              <strong>
                {code} is not offered to customers yet: {missing.length} {missing.length === 1 ? 'item' : 'items'} on sale {missing.length === 1 ? 'has' : 'have'} no {code} price.
              </strong>
            </p>
            <p className="mt-1 text-muted">{missing.map((m) => m.label).join(', ')}</p>
          </>
        )}
      </div>
      {pricedSections.map((section) => {
        const items = (draft[section] as PricedItem[]).map((item, index) => ({ item, index }));
        const rows = section === 'locations' ? items.filter(({ item }) => baseOf(section, item) > 0 || item.prices) : items;
        if (rows.length === 0) return null;
        return (
          <div key={section} className="mt-4">
            <h3 className="mb-2 font-semibold">{titles[section]}</h3>
            <Table caption={`${titles[section]} in ${code}`}>
              <Head columns={['Item', `Price in ${shop.toUpperCase()}`, `Price in ${code}`]} />
              <tbody>
                {rows.map(({ item, index }) => {
                  const key = itemKey(section, item as CatalogDraft[PricedSection][number]);
                  const label = itemLabel(draft, section, item as CatalogDraft[PricedSection][number]) || key;
                  return (
                    <Row key={key} hidden={item.hidden}>
                      <Cell>
                        {label} <StateBadges hidden={item.hidden} isNewItem={isNew(saved, section, key)} />
                      </Cell>
                      <Cell className="px-2 py-2 tabular-nums">{formatMoney(baseOf(section, item), shop)}</Cell>
                      <Cell>
                        <PriceInput
                          optional
                          minor={item.prices?.[currency]}
                          currency={currency}
                          label={`${label}: price in ${code}`}
                          warnBelowMinimum={section === 'plans' || section === 'packs'}
                          onChange={(minor) => setPrice(section, index, minor)}
                        />
                      </Cell>
                    </Row>
                  );
                })}
              </tbody>
            </Table>
          </div>
        );
      })}
    </SectionCard>
  );
}
