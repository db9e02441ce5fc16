export * from './filter.ts';
