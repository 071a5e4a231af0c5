// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { contentRoutes, unpublishedPaths, unpublishedRoutes } from './content.routes';
export { contentAdminRoutes } from './content-admin.routes';
export { createContentCache, samplePage, type ContentCache } from './content.render';
export { listPages } from './content.service';
export { announcementAdminRoutes, announcementRoutes } from './announcements.routes';
export { articleAdminRoutes, articleRoutes } from './articles.routes';
export { sampleArticles } from './articles.service';
export { articlePageRoutes, createArticlePages, type ArticlePageAnswer, type ArticlePageRoute, type ArticlePages } from './article-pages';
