import { BookOpen, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n';
import { useHelpIndex } from '../api/get-help-index';

/** The help centre's topics, two articles each, linking into /help (decision 064). */
export function KnowledgeBase() {
  const t = useT();
  const { data } = useHelpIndex();
  const categories = data?.categories ?? [];
  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-3">
        {categories.map((category) => (
          <Card key={category.slug} className="p-5">
            <h2 className="flex items-center gap-2 text-base font-bold">
              <BookOpen className="h-4 w-4 text-accent" aria-hidden="true" />
              {category.title}
            </h2>
            <ul className="mt-3 space-y-2">
              {(data?.articles ?? [])
                .filter((a) => a.category === category.slug)
                .slice(0, 2)
                .map((item) => (
                  <li key={item.slug}>
                    <Link to={`/help/${item.slug}`} className="flex items-start gap-1 text-sm text-muted hover:text-ink">
                      <ChevronRight className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                      {item.title}
                    </Link>
                  </li>
                ))}
            </ul>
          </Card>
        ))}
      </div>
      <Card className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">{t('support.kb.intro')}</p>
        <ButtonLink to="/help" variant="outline">
          {t('support.kb.browse')}
        </ButtonLink>
      </Card>
    </div>
  );
}
