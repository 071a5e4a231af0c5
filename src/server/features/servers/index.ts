// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { toPlanChangeView } from './plan-change-view';
export { powerAction } from './power.service';
export { isPowerStatus, manageable, powerStatuses, serverConflict, serverFor, type ServerAccess, type ServerRow } from './server-access';
export { lockServer, moveStatus, serverById } from './server-management.repository';
export { changeUnderWay, moveUnderWay, switchUnderWay } from './work-under-way';
export { sendServerReady, type ServerReadyDeps } from './server-ready.emails';
