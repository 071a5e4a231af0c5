import { useId } from 'react';
import { serverPermissions, type ServerPermission } from '../../../../../shared/schemas/server-sharing';
import { translate, useT } from '../../../../lib/i18n';

/** The five permissions as labelled checkboxes, each with what it allows. */
export function PermissionPicker({
  legend,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  value: ServerPermission[];
  onChange: (next: ServerPermission[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  function toggle(permission: ServerPermission, checked: boolean) {
    const next = checked ? [...value, permission] : value.filter((p) => p !== permission);
    onChange(serverPermissions.filter((p) => next.includes(p)));
  }
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {serverPermissions.map((permission) => {
          const inputId = `${id}-${permission}`;
          const label = t(`share.perm.${permission}`);
          const hint = t(`share.perm.${permission}Hint`);
          return (
            <div key={permission} className="flex items-start gap-2.5 rounded-lg border border-line p-2.5">
              <input
                id={inputId}
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
                checked={value.includes(permission)}
                disabled={disabled}
                aria-describedby={`${inputId}-hint`}
                onChange={(e) => toggle(permission, e.target.checked)}
              />
              <div className="min-w-0">
                <label htmlFor={inputId} className="block text-sm font-semibold">
                  {label}
                </label>
                <p id={`${inputId}-hint`} className="text-xs text-muted">
                  {hint}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** "Console, Files", in the page's language. */
export function permissionList(permissions: readonly ServerPermission[]): string {
  return permissions.map((p) => translate(`share.perm.${p}`)).join(', ');
}
