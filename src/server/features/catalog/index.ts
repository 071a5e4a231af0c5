// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { latestVersion } from './catalog.repository';
export { announceCatalogSaved, createCatalogService, type CatalogService } from './catalog.service';
export { pricePackOrder, priceServerOrder, providerLines, serverSize, type PricedOrder } from './order-pricing';
export { markApplied, priceInForce, runningServicesWithPrice, withdrawAnnouncedChanges } from './price-changes.repository';
export { announcePriceChanges, servicePrice, type PriceChangeDeps } from './price-changes.service';
