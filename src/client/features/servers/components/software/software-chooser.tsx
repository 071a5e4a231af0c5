import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import type { SoftwareOptions, SoftwareSwitchView } from '../../../../../shared/schemas/software-switch';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { ApiError } from '../../../../lib/api-client';
import { fieldErrors } from '../../../../lib/errors';
import { refusalMessage } from '../../../../lib/field-message';
import { useT } from '../../../../lib/i18n';
import { useRequestSoftwareSwitch } from '../../api/request-software-switch';
import { MemoryUpgrade } from './memory-upgrade';

const named = (s: { name: string; version: string | null }) => `${s.name}${s.version ? ` ${s.version}` : ''}`;

/** The software and version selects, the memory warning with the upgrade, then a confirmation. */
export function SoftwareChooser({
  serverId,
  serverName,
  options,
  onStarted,
}: {
  serverId: string;
  serverName: string;
  options: SoftwareOptions;
  onStarted: (change: SoftwareSwitchView) => void;
}) {
  const t = useT();
  const current = options.options.find((o) => o.id === options.current.software);
  const [software, setSoftware] = useState(() => options.options.find((o) => o.id !== options.current.software)?.id ?? options.options[0]?.id ?? '');
  const chosen = options.options.find((o) => o.id === software);
  const [version, setVersion] = useState(chosen?.versions[0] ?? '');
  const [confirming, setConfirming] = useState(false);
  const [anyway, setAnyway] = useState(false);
  const request = useRequestSoftwareSwitch(serverId);

  if (options.options.length === 0) return <p className="text-sm">{t('software.none')}</p>;

  const same = chosen?.id === options.current.software && version === options.current.version;
  // The server found the plan too small where the options did not (they were read before a plan change).
  const refusedShort = request.error instanceof ApiError && request.error.code === 'low_memory';
  const short = Boolean(chosen?.memoryWarning) || refusedShort;
  const fields = fieldErrors(request.error);
  const refusal = refusedShort ? t('software.lowMemoryRefused') : refusalMessage(request.error);
  const target = { name: chosen?.name ?? software, version };

  function pick(id: string) {
    setSoftware(id);
    setVersion(options.options.find((o) => o.id === id)?.versions[0] ?? '');
    setAnyway(false);
    request.reset();
  }

  function start() {
    request.mutate({ software, version, acceptLowMemory: short && anyway }, { onSuccess: onStarted });
  }

  if (confirming && chosen) {
    return (
      <div className="space-y-4">
        <p className="font-semibold">
          {t('software.confirm.title', { server: serverName, from: named(options.current), to: named(target) })}
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          <li>{t('software.confirm.backup')}</li>
          <li>{t('software.confirm.install', { software: chosen.name })}</li>
          <li>{t('software.confirm.restart', { software: named(target) })}</li>
          <li>{t('software.confirm.rollback', { software: named(options.current) })}</li>
        </ul>
        {request.error && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            {refusal}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={start} disabled={request.isPending}>
            {request.isPending ? t('software.starting') : t('software.switchTo', { software: named(target) })}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={request.isPending}>
            {t('move.back')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm">
        {t(!options.current.version && current ? 'software.runsPanel' : 'software.runs', { software: named(options.current) })}
      </p>
      <Field label={t('software.software')} error={fields.software}>
        {({ id, describedBy }) => (
          <Select id={id} aria-describedby={describedBy} value={software} onChange={(e) => pick(e.target.value)}>
            {options.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {chosen && <p className="-mt-2 text-xs text-muted">{chosen.description}</p>}
      <Field label={t('software.version')} error={fields.version}>
        {({ id, describedBy }) => (
          <Select id={id} aria-describedby={describedBy} value={version} onChange={(e) => setVersion(e.target.value)}>
            {(chosen?.versions ?? []).map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </Select>
        )}
      </Field>

      {chosen && short && (
        <div className="space-y-3 rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm">
          <p className="flex items-start gap-2">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-warn" aria-hidden="true" />
            <span>
              {chosen.memoryWarning
                ? t('software.memoryWarning', { software: chosen.name, need: chosen.recommendedRamGb, plan: options.planName, have: options.planRamGb })
                : t('refusal.software.low_memory')}
            </span>
          </p>
          {chosen.upgradePlan && options.canUpgradePlan && <MemoryUpgrade serverId={serverId} plan={chosen.upgradePlan} />}
          {chosen.upgradePlan && !options.canUpgradePlan && <p className="text-muted">{t('software.askOwner', { plan: chosen.upgradePlan.name })}</p>}
          <label className="flex items-start gap-2">
            <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-line accent-accent" checked={anyway} onChange={(e) => setAnyway(e.target.checked)} />
            <span>{t('software.anyway', { ram: options.planRamGb })}</span>
          </label>
        </div>
      )}

      {same && <p className="text-sm text-muted">{t('software.same', { software: named(target) })}</p>}
      {request.error && !confirming && (
        <p role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      )}
      <Button onClick={() => setConfirming(true)} disabled={!chosen || !version || same || (short && !anyway)}>
        {t('move.continue')}
      </Button>
    </div>
  );
}
