// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { manualAddons, manualPack, openTasks, type DeliveryDeps, type Sale } from './delivery.service';
export { deliveryRoutes } from './delivery.routes';
export { hasPrioritySupport, prioritySupportOf } from './priority-support';
