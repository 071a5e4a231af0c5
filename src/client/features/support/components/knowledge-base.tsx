import { BookOpen, ChevronRight } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { faqCategories } from '../../../content/faq';
import { useT } from '../../../lib/i18n';

/** Popular FAQ topics, two questions per category, each linking into /faq. */
export function KnowledgeBase() {
  const t = useT();
  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-3">
        {faqCategories.map((category) => (
          <Card key={category.id} className="p-5">
            <h2 className="flex items-center gap-2 text-base font-bold">
              <BookOpen className="h-4 w-4 text-accent" aria-hidden="true" />
              {category.name}
            </h2>
            <ul className="mt-3 space-y-2">
              {category.items.slice(0, 2).map((item) => (
                <li key={item.id}>
                  {/* A full page load, so the browser scrolls to the section of the prerendered FAQ. */}
                  <a href={`/faq#faq-${category.id}`} className="flex items-start gap-1 text-sm text-muted hover:text-ink">
                    <ChevronRight className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                    {item.question}
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
      <Card className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">{t('support.kb.intro')}</p>
        <ButtonLink to="/faq" variant="outline">
          {t('support.kb.browse')}
        </ButtonLink>
      </Card>
    </div>
  );
}
