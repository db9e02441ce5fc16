export * from './address.routes.ts';
export * from './address.schemas.ts';
export * from './changes-since-correction.schemas.ts';
export * from './forms.routes.ts';
export * from './forms.schemas.ts';
