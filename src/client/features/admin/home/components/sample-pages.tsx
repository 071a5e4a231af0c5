import { Link } from 'react-router';
import { contentLanguageLabels, contentLanguages } from '../../../../../shared/content-pages';
import { useCan } from '../../components/use-can';
import { useSampleArticles } from '../api/get-sample-articles';
import { useSamplePages } from '../api/get-sample-pages';

/** The pages customers still see with the text the product ships with, for those who can edit them. */
export function SamplePages() {
  const canEdit = useCan('content.manage');
  const canWrite = useCan('articles.manage');
  const { data: pages = [] } = useSamplePages(canEdit);
  const articles = useSampleArticles(canWrite);
  if ((!canEdit || pages.length === 0) && articles.length === 0) return null;
  return (
    <section aria-labelledby="sample-pages-title" className="rounded-2xl border border-warn/40 bg-surface p-5">
      <h2 id="sample-pages-title" className="font-semibold">
        Sample pages still published
      </h2>
      <p className="mt-1 text-sm text-muted">These pages show the sample text the product ships with, not your shop's own. Replace them before you open.</p>
      <ul className="mt-3 flex flex-wrap gap-3 text-sm">
        {canEdit &&
          pages.map((p) => (
            <li key={p.slug}>
              <Link to={`/admin/content/${p.slug}`} className="font-semibold text-accent hover:underline">
                {p.label}
              </Link>
              {p.sampleLanguages.length < contentLanguages.length && <span className="text-muted"> ({p.sampleLanguages.map((l) => contentLanguageLabels[l]).join(', ')})</span>}
            </li>
          ))}
      </ul>
      {articles.length > 0 && (
        <p className="mt-3 text-sm">
          Also still sample text:{' '}
          {(['news', 'help'] as const).map((kind) => {
            const ofKind = articles.filter((a) => a.kind === kind);
            const n = new Set(ofKind.map((a) => a.slug)).size;
            if (n === 0) return null;
            const languages = new Set(ofKind.map((a) => a.language)).size;
            return (
              <Link key={kind} to={`/admin/${kind}`} className="mr-3 font-semibold text-accent hover:underline">
                {kind === 'news' ? `${n} news post${n === 1 ? '' : 's'}` : `${n} help article${n === 1 ? '' : 's'}`}
                {languages > 1 && ` in ${languages} languages`}
              </Link>
            );
          })}
          <span className="text-muted">(not published in production until staff save them as their own).</span>
        </p>
      )}
    </section>
  );
}
