import { ArrowRight, Calendar, Clock, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { blogPosts, formatPostDate } from '../../../content/blog-index';
import { BRAND } from '../../../lib/brand';
import { cn } from '../../../lib/cn';

/** Author, date and reading time of a post, for the list and the post page. */
export function PostMeta({
  author,
  date,
  readTime,
  className = 'mt-5',
}: {
  author: string;
  date: string;
  readTime: string;
  className?: string;
}) {
  const items = [
    { label: 'Author', icon: UserRound, value: author },
    { label: 'Published', icon: Calendar, value: <time dateTime={date}>{formatPostDate(date)}</time> },
    { label: 'Reading time', icon: Clock, value: readTime },
  ];
  return (
    <dl className={cn('flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted', className)}>
      {items.map(({ label, icon: Icon, value }) => (
        <div key={label}>
          <dt className="sr-only">{label}</dt>
          <dd className="flex items-center gap-1.5">
            <Icon className="h-3.5 w-3.5" aria-hidden="true" />
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function BlogPage() {
  return (
    <>
      <PageHeader eyebrow="Blog" title={`The ${BRAND} Blog`}>
        <p>Practical guides for running Minecraft, FiveM and Palworld servers, from the people who host them every day.</p>
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
        <h2 className="sr-only">Latest posts</h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {blogPosts.map((post) => (
            <li key={post.slug}>
              <article className="flex h-full flex-col rounded-2xl border border-line bg-surface p-6 transition-colors hover:border-accent/50">
                <Badge tone="violet" className="self-start">
                  {post.category}
                </Badge>
                <h3 className="mt-4 text-xl font-bold leading-snug text-ink">
                  <Link to={`/blog/${post.slug}`} className="hover:text-accent">
                    {post.title}
                  </Link>
                </h3>
                <p className="mt-3 flex-1 text-sm leading-relaxed text-muted">{post.excerpt}</p>
                <PostMeta author={post.author} date={post.date} readTime={post.readTime} />
                <Link
                  to={`/blog/${post.slug}`}
                  className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline"
                >
                  Read article<span className="sr-only">: {post.title}</span>
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </article>
            </li>
          ))}
        </ul>
        <section className="mt-16 rounded-2xl border border-line bg-surface-2 p-8 text-center" aria-labelledby="blog-cta-heading">
          <h2 id="blog-cta-heading" className="text-2xl font-bold">
            Put the guides to work
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">
            Spin up a Minecraft, FiveM or Palworld server and try every tip on hardware built for it.
          </p>
          <ButtonLink to="/deploy" size="lg" className="mt-6">
            Deploy a Server
          </ButtonLink>
        </section>
      </div>
    </>
  );
}
