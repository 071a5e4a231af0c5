import { panelResources, resourceLabels, type AddonDelivery, type PackDelivery, type PanelResource } from '../../../../../shared/delivery';
import { Select } from '../../../../components/ui/select';
import { NumberInput } from './catalog-inputs';

const typeLabels = { panel: 'On the game panel', 'priority-support': 'Priority support', manual: 'By hand (staff task)' } as const;

/**
 * What buying an add-on does (decision 058): a panel limit it raises by an amount per unit, the
 * customer's tickets going first, or a task for staff. Packs are bought for the account, so they
 * offer the last two only.
 */
export function AddonDeliveryInput({ label, value, invalid, onChange }: { label: string; value: AddonDelivery; invalid?: boolean; onChange: (v: AddonDelivery) => void }) {
  const setType = (type: AddonDelivery['type']) =>
    onChange(type === 'panel' ? { type, resource: 'backups', amount: 1 } : { type });
  return (
    <div className="flex min-w-[14rem] flex-wrap items-center gap-2">
      <Select aria-label={`${label} delivery`} aria-invalid={invalid || undefined} className="w-auto py-1.5" value={value.type} onChange={(e) => setType(e.target.value as AddonDelivery['type'])}>
        {(Object.keys(typeLabels) as AddonDelivery['type'][]).map((t) => (
          <option key={t} value={t}>
            {typeLabels[t]}
          </option>
        ))}
      </Select>
      {value.type === 'panel' && (
        <>
          <Select
            aria-label={`${label} adds on the panel`}
            className="w-auto py-1.5"
            value={value.resource}
            onChange={(e) => onChange({ ...value, resource: e.target.value as PanelResource })}
          >
            {panelResources.map((r) => (
              <option key={r} value={r}>
                {resourceLabels[r].name}
              </option>
            ))}
          </Select>
          <NumberInput
            className="w-20"
            step={resourceLabels[value.resource].step}
            label={`${label} amount per unit`}
            value={value.amount}
            invalid={invalid}
            onChange={(v) => onChange({ ...value, amount: v ?? Number.NaN })}
          />
        </>
      )}
    </div>
  );
}

export function PackDeliveryInput({ label, value, onChange }: { label: string; value: PackDelivery; onChange: (v: PackDelivery) => void }) {
  return (
    <Select aria-label={`${label} delivery`} className="w-auto py-1.5" value={value.type} onChange={(e) => onChange({ type: e.target.value as PackDelivery['type'] })}>
      <option value="priority-support">{typeLabels['priority-support']}</option>
      <option value="manual">{typeLabels.manual}</option>
    </Select>
  );
}
