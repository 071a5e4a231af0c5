/** What other features may use of staff alerts (docs/decisions/046). */
export { alertRoles, emailStaff, getAlertSettings, postAlertWebhook, saveAlertSettings, type StaffAlertDeps } from './staff-alerts.service';
