import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { blogPosts, formatPostDate } from '../../../content/blog-index';
import { blogBodies } from '../../../content/blog-posts';
import { PostMeta } from './blog-page';

/** Renders `backticked` parts of a sentence as inline code. */
function RichText({ text }: { text: string }) {
  return text.split('`').map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-[0.9em] text-ink">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

function PostNotFound() {
  return (
    <>
      <PageHeader eyebrow="Blog" title="Post not found">
        <p>We couldn&apos;t find a blog post at this address. It may have moved, or the link may have a typo.</p>
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-12 text-center">
        <ButtonLink to="/blog" size="lg">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Blog
        </ButtonLink>
      </div>
    </>
  );
}

export default function BlogPostPage() {
  const { slug } = useParams();
  const post = blogPosts.find((p) => p.slug === slug);
  const body = post ? blogBodies[post.slug] : undefined;
  if (!post || !body) return <PostNotFound />;
  const others = blogPosts.filter((p) => p.slug !== post.slug);

  return (
    <>
      <PageHeader eyebrow={post.category} title={post.title}>
        <PostMeta author={post.author} date={post.date} readTime={post.readTime} className="mt-2 justify-center" />
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Blog
        </Link>
        <article className="mt-8 space-y-10">
          <p className="text-lg leading-relaxed text-ink">{post.excerpt}</p>
          {body.map((section, index) => (
            <section key={section.heading ?? index} className="space-y-4">
              {section.heading && <h2 className="text-2xl font-bold text-ink">{section.heading}</h2>}
              {section.paragraphs.map((text) => (
                <p key={text} className="leading-relaxed text-muted">
                  <RichText text={text} />
                </p>
              ))}
              {section.list && (
                <ul className="list-disc space-y-2 pl-6 text-muted marker:text-accent">
                  {section.list.map((item) => (
                    <li key={item} className="leading-relaxed">
                      <RichText text={item} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <p className="border-t border-line pt-6 text-sm text-muted">
            Written by <span className="font-semibold text-ink">{post.author}</span> on{' '}
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>.
          </p>
        </article>

        <section aria-labelledby="post-cta-heading" className="mt-12 rounded-2xl border border-line bg-surface-2 p-8 text-center">
          <h2 id="post-cta-heading" className="text-2xl font-bold">
            Ready to try it on your own server?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">
            Pick a game, choose a plan and location, and your server is online in minutes.
          </p>
          <ButtonLink to="/deploy" size="lg" className="mt-6">
            Deploy a Server
          </ButtonLink>
        </section>

        <section aria-labelledby="more-posts-heading" className="mt-12">
          <h2 id="more-posts-heading" className="text-xl font-bold">
            More from the blog
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {others.map((other) => (
              <li key={other.slug}>
                <Link
                  to={`/blog/${other.slug}`}
                  className="flex h-full flex-col gap-2 rounded-xl border border-line bg-surface p-5 hover:border-accent/50"
                >
                  <span className="text-xs font-semibold uppercase tracking-wider text-violet">{other.category}</span>
                  <span className="font-semibold text-ink">{other.title}</span>
                  <span className="mt-auto inline-flex items-center gap-1 text-sm text-accent">
                    Read article
                    <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
