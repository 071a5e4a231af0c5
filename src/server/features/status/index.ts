export { checkAndRecord, type StatusCheckDeps } from './status-checks';
export { cachedStatus, type StatusCache } from './status.service';
export { statusRoutes } from './status.routes';
export { statusAdminRoutes } from './status-admin.routes';
export { sendIncidentNotices, type IncidentNotice, type NoticeSendDeps, type NoticesOwed } from './incident-notices';
export type { IncidentDeps } from './incidents.service';
