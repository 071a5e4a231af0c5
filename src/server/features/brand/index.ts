// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { brandNameNow, getBrand, getBrandLogo, getBusinessRules, getShopSettings, setBrandFallback, type BrandLogo, type ShopSettings } from './shop-settings';
export { removeBrandAsset, saveBrand, saveBusinessRules, uploadBrandAsset, type BrandDeps } from './brand.service';
export { brandRoutes } from './brand.routes';
export { shellMeta, withBrandHead } from './brand-html';
export { mailSender } from './mail-sender';
