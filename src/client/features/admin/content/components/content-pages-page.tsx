import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { contentLanguages } from '../../../../../shared/content-pages';
import { useContentPages } from '../api/get-content-pages';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/content: the pages staff write, each marked Sample while it still shows the shipped text. */
export default function ContentPagesPage() {
  const pages = useContentPages();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Pages</h1>
        <p className="mt-1 text-sm text-muted">
          The home page's hero and features, About and the legal pages, written in Markdown. Every save is a new version; pages marked Sample still show the text the
          product ships with.
        </p>
      </div>
      {pages.isPending ? (
        <PageSpinner />
      ) : pages.isError ? (
        <p role="alert" className="text-danger">
          The pages could not be loaded.
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {pages.data.pages.map((p) => (
            <li key={p.slug} className="flex flex-wrap items-center gap-3 p-4">
              <Link to={`/admin/content/${p.slug}`} className="font-semibold text-accent hover:underline">
                {p.label}
              </Link>
              {p.sampleLanguages.length > 0 && (
                <Badge tone="yellow">{p.sampleLanguages.length === contentLanguages.length ? 'Sample' : `Sample in ${p.sampleLanguages.join(', ')}`}</Badge>
              )}
              <span className="text-sm text-muted">
                {p.path} · {p.updatedAt ? `edited ${dateTime.format(new Date(p.updatedAt))}` : 'never edited'}
                {p.languages.length > 0 && ` · own text in ${p.languages.join(', ')}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
