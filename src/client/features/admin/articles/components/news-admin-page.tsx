import ArticlesPage from './articles-page';

export default function NewsAdminPage() {
  return <ArticlesPage kind="news" />;
}
