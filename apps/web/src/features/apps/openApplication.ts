import type { Application } from '@der/contracts';
import { runtimePath } from './decideChooserRedirect.ts';

/**
 * Opens an application (spec §2.8): one with a URL behaviour opens its own link in a new tab, the others
 * open in the runtime.
 */
export function openApplication(application: Application, navigate: (to: string) => void): void {
  if (application.urlBehavior && application.urlLink) {
    window.open(application.urlLink, '_blank', 'noopener,noreferrer');
    return;
  }
  navigate(runtimePath(application));
}
