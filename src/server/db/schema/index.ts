export * from './auth';
export * from './catalog';
export * from './support';
export * from './orders';
export * from './servers';
export * from './payments';
export * from './billing';
export * from './affiliate';
