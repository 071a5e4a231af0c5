import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminArticle, ArticleKind } from '../../../../../shared/schemas/articles';
import { contentLanguageLabels } from '../../../../../shared/schemas/content';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/errors';
import { useDeleteArticle } from '../api/delete-article';
import { useAdminArticles } from '../api/get-articles';
import { ArticleForm } from './article-form';
import { ArticleHistory } from './article-history';
import { CategoryForm } from './category-form';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }) : 'no date');

function Row({ article, onEdit }: { article: AdminArticle; onEdit: () => void }) {
  const remove = useDeleteArticle();
  const [confirming, setConfirming] = useState(false);
  async function doDelete() {
    try {
      await remove.mutateAsync({ kind: article.kind, slug: article.slug, language: article.language });
      toast.success('Deleted');
    } catch (e) {
      toast.error('Could not delete it', { description: errorMessage(e) });
    }
  }
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{article.title}</span>
          <Badge tone={article.status === 'published' ? 'green' : 'grey'}>{article.status === 'published' ? 'Published' : 'Draft'}</Badge>
          {article.sample && <Badge tone="yellow">Sample</Badge>}
        </p>
        <p className="mt-1 text-sm text-muted">
          /{article.kind === 'news' ? 'blog' : 'help'}/{article.slug} · {contentLanguageLabels[article.language]} · {day(article.publishedAt)}
          {article.authorEmail ? ` · ${article.authorEmail}` : ''}
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit “${article.title}” (${contentLanguageLabels[article.language]})`}>
          Edit
        </Button>
        {confirming ? (
          <Button size="sm" variant="danger" onClick={() => void doDelete()} disabled={remove.isPending}>
            Confirm delete
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete “${article.title}” (${contentLanguageLabels[article.language]})`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}

/** Console → News and Help centre: articles per language, drafts and published, samples marked. */
export default function ArticlesPage({ kind }: { kind: ArticleKind }) {
  const { data, isPending, isError } = useAdminArticles(kind);
  const [editing, setEditing] = useState<AdminArticle>();
  const categories = data?.categories ?? [];
  const samples = data?.articles.filter((a) => a.sample).length ?? 0;
  const groups = kind === 'help' ? categories.map((c) => ({ key: c.slug, title: c.title })) : [{ key: '', title: 'Posts' }];
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold">{kind === 'news' ? 'News' : 'Help centre'}</h1>
        <p className="mt-1 text-muted">
          {kind === 'news' ? 'Posts on the public news page (/blog), newest first.' : 'Articles of the public help centre (/help), searchable by customers.'}{' '}
          Each language has its own text; a language without one shows the English.
        </p>
        {samples > 0 && (
          <p className="mt-3 rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm">
            {samples} {samples === 1 ? 'article is' : 'articles are'} still the sample text the product ships with. In production they are not published; open one, check it says what your shop does, and save it to publish it as your own.
          </p>
        )}
      </header>
      {(kind === 'news' || categories.length > 0) && (
        <ArticleForm key={editing ? `${editing.slug}:${editing.language}` : 'new'} kind={kind} editing={editing} categories={categories} onDone={() => setEditing(undefined)} />
      )}
      {editing && <ArticleHistory key={`history:${editing.slug}:${editing.language}`} article={editing} onRestored={() => setEditing(undefined)} />}
      {kind === 'help' && <CategoryForm />}
      {isPending && <p className="text-muted">Loading…</p>}
      {isError && <p role="alert">The articles could not be loaded. Reload to try again.</p>}
      {data &&
        groups.map((g) => {
          const list = data.articles.filter((a) => (kind === 'help' ? a.category === g.key : true));
          return (
            <section key={g.key || 'posts'} aria-labelledby={`group-${g.key || 'posts'}`}>
              <h2 id={`group-${g.key || 'posts'}`} className="mb-3 text-lg font-semibold">
                {g.title}
              </h2>
              {list.length === 0 ? (
                <p className="text-sm text-muted">Nothing here yet.</p>
              ) : (
                <ul className="space-y-2">
                  {list.map((a) => (
                    <Row key={a.id} article={a} onEdit={() => setEditing(a)} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
    </div>
  );
}
