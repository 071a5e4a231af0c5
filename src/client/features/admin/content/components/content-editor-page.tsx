import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '../../../../components/ui/badge';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import {
  contentLanguageLabels,
  contentLanguages,
  contentPageLabels,
  contentPagePaths,
  contentSlugSchema,
  defaultContentLanguage,
  type ContentLanguage,
} from '../../../../../shared/schemas/content';
import { useContentPage } from '../api/get-content-page';
import { ContentEditorForm } from './content-editor-form';
import { ContentVersionList } from './content-version-list';

/** /admin/content/:slug: edit one page per language, preview it, and see or restore its history. */
export default function ContentEditorPage() {
  const parsed = contentSlugSchema.safeParse(useParams().slug);
  const [language, setLanguage] = useState<ContentLanguage>(defaultContentLanguage);
  if (!parsed.success) {
    return (
      <p role="alert" className="text-danger">
        There is no such page. <Link to="/admin/content" className="text-accent underline">Back to the pages</Link>
      </p>
    );
  }
  const slug = parsed.data;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/content" className="text-sm text-accent hover:underline">
          ← Pages
        </Link>
        <h1 className="mt-2 text-2xl font-bold">{contentPageLabels[slug]}</h1>
        <p className="mt-1 text-sm text-muted">
          Shown at{' '}
          <a className="text-accent hover:underline" href={contentPagePaths[slug]}>
            {contentPagePaths[slug]}
          </a>
          . The first line is the title (# …); each ## heading starts a section.
        </p>
      </div>
      <div className="max-w-xs space-y-1.5">
        <label htmlFor="content-language" className="block text-sm font-medium">
          Language
        </label>
        <select
          id="content-language"
          value={language}
          onChange={(e) => setLanguage(e.target.value as ContentLanguage)}
          className="w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-sm text-ink"
        >
          {contentLanguages.map((l) => (
            <option key={l} value={l}>
              {contentLanguageLabels[l]}
            </option>
          ))}
        </select>
      </div>
      <LanguageEditor slug={slug} language={language} />
    </div>
  );
}

function LanguageEditor({ slug, language }: { slug: ReturnType<typeof contentSlugSchema.parse>; language: ContentLanguage }) {
  const page = useContentPage(slug, language);
  if (page.isPending) return <PageSpinner />;
  if (page.isError) {
    return (
      <p role="alert" className="text-danger">
        The page could not be loaded.
      </p>
    );
  }
  const { current, fallback, versions, variables } = page.data;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {current.sample && <Badge tone="yellow">Sample</Badge>}
        {fallback && !(current.sample && language === defaultContentLanguage) && (
          <span className="text-muted">
            {current.sample
              ? `No ${contentLanguageLabels[language]} text of your own yet: this language shows its sample below. Saving gives it your own.`
              : `No ${contentLanguageLabels[language]} text yet: this language shows your text in the shop's default language (else English), below. Saving gives it its own.`}
          </span>
        )}
      </div>
      <ContentEditorForm
        key={`${language}:${fallback ? 'fallback' : current.version}`}
        slug={slug}
        language={language}
        initialBody={current.body}
        variables={variables}
      />
      <ContentVersionList slug={slug} language={language} versions={fallback ? versions.slice(-1) : versions} currentVersion={fallback ? null : current.version} />
    </>
  );
}
