import { ChevronRight, HardDrive } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../../../lib/i18n';
import { filesHref, segments } from './file-paths';

/**
 * Where you are: the server's root, each folder on the way (links), and the current folder or open
 * file (not a link, aria-current).
 */
export function FolderBreadcrumb({ serverId, dir, file }: { serverId: string; dir: string; file?: string }) {
  const t = useT();
  const folders = segments(dir);
  const crumbs = [
    { label: t('files.root'), dir: '' },
    ...folders.map((name, i) => ({ label: name, dir: folders.slice(0, i + 1).join('/') })),
  ];
  const fileName = file ? segments(file).at(-1) : undefined;
  const link = 'rounded px-1 text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent';
  return (
    <nav aria-label={t('files.breadcrumb')} className="min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((crumb, i) => {
          const current = !fileName && i === crumbs.length - 1;
          return (
            <li key={crumb.dir} className="flex min-w-0 items-center gap-1">
              {i > 0 && <ChevronRight className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />}
              {i === 0 && <HardDrive className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />}
              {current ? (
                <span aria-current="page" className="break-all px-1 font-semibold">
                  {crumb.label}
                </span>
              ) : (
                <Link to={filesHref(serverId, { dir: crumb.dir })} className={`break-all ${link}`}>
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
        {fileName && (
          <li className="flex min-w-0 items-center gap-1">
            <ChevronRight className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
            <span aria-current="page" className="break-all px-1 font-semibold">
              {fileName}
            </span>
          </li>
        )}
      </ol>
    </nav>
  );
}
