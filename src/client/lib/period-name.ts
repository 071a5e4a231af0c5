import { useCallback } from 'react';
import { periodName } from '../../shared/line-text';
import type { MessageKey } from '../../shared/i18n/keys';
import { hasMessage, translate, useLocale } from './i18n';

/** A catalog period's name in the page's language ("Monatlich", "3 Monate"); one staff named themselves keeps its name. */
export function usePeriodName(): (period: { label: string; months: number }) => string {
  const locale = useLocale();
  return useCallback(
    (period: { label: string; months: number }) =>
      periodName(period, (key, values) => (hasMessage(key) ? translate(key as MessageKey, values) : undefined)),
    // The words change with the page's language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locale],
  );
}
