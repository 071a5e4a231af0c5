/** The blog's post list (metadata only; bodies live in blog-posts.ts so this stays small). */
export interface BlogPostMeta {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  readTime: string;
  category: string;
}

export const blogPosts: BlogPostMeta[] = [];
