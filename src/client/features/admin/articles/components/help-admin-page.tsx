import ArticlesPage from './articles-page';

export default function HelpAdminPage() {
  return <ArticlesPage kind="help" />;
}
