// Must stay first: configures zod before any schema of this package is built.
import './common/zod-config.ts';

export * from './admin/settings.routes.ts';
export * from './admin/settings.schemas.ts';
export * from './common/br-documents.ts';
export * from './common/errors.ts';
export * from './common/fields.ts';
export * from './common/route.ts';
export * from './common/validation-messages.ts';
export * from './common/web-routes.ts';
export * from './health/health.routes.ts';
export * from './identity/identity.routes.ts';
export * from './identity/registration.schemas.ts';
export * from './identity/users.schemas.ts';
export * from './platform/palettes.ts';
export * from './platform/platform.routes.ts';
export * from './platform/platform.schemas.ts';
export * from './shell/applications.schemas.ts';
export * from './shell/messages.schemas.ts';
export * from './shell/profile.schemas.ts';
export * from './shell/shell.routes.ts';
