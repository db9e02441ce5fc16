import type { Application } from '@der/contracts';

/**
 * Spec §2.8: a user without hasPanelAdminPermission whose only application is not a toolbar shortcut goes
 * straight to its runtime. Returns that application, or null to show the chooser.
 */
export function findSingleApplication(
  applications: readonly Application[],
  hasPanelAdminPermission: boolean,
): Application | null {
  if (hasPanelAdminPermission || applications.length !== 1) return null;
  const [only] = applications;
  return only && !only.displayOnToolbar ? only : null;
}

export function runtimePath(application: Pick<Application, 'id'>): string {
  return `/runtime/${application.id}`;
}
