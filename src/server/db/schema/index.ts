export * from './catalog';
export * from './support';
