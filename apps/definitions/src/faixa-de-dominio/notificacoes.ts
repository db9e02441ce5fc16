import { tellApplicant } from '../shared/notifications.ts';

/** A bell message (with web push) and an e-mail to the permissionário who filed the request. */
export const tellPermissionario = tellApplicant;
