export { checkAndRecord, type StatusCheckDeps } from './status-checks';
export { cachedStatus, type StatusCache } from './status.service';
export { statusRoutes } from './status.routes';
export { statusAdminRoutes } from './status-admin.routes';
