import { AppError } from '../../infra/http/app-error.ts';
import type { RequestSession } from '../../modules/sessions/sessions.service.ts';

/** What decides the right to bulk operations: the kind of account and the administrator flag. */
export type BulkOperationsSubject = Pick<RequestSession, 'kind' | 'isAdministrator'>;

/**
 * Bulk update of selected items and the Excel import write many items at once; they are department work.
 * External portal accounts (permissionários, requerentes) file and follow their own requests one at a time
 * through the forms, so both are refused to them. The list metadata (getListControlData) answers this same
 * rule, so the web shows the buttons only to whoever may use them.
 */
export function canRunBulkOperations(subject: BulkOperationsSubject): boolean {
  return subject.isAdministrator || subject.kind === 'staff';
}

/** 403 BULK_OPERATION_FORBIDDEN unless the subject may run bulk updates and imports. */
export function assertCanRunBulkOperations(subject: BulkOperationsSubject): void {
  if (!canRunBulkOperations(subject)) throw new AppError('BULK_OPERATION_FORBIDDEN');
}
