import { describe, expect, it } from 'vitest';
import { buildApplication } from '../shell/testing/shellFixtures.ts';
import { findSingleApplication } from './decideChooserRedirect.ts';

describe('findSingleApplication', () => {
  it('picks the only application of a non-admin user', () => {
    const only = buildApplication({ id: 7 });
    expect(findSingleApplication([only], false)).toBe(only);
  });
  it('shows the chooser to an administrator', () => {
    expect(findSingleApplication([buildApplication()], true)).toBeNull();
  });
  it('shows the chooser when the only application is a toolbar shortcut', () => {
    expect(findSingleApplication([buildApplication({ displayOnToolbar: true })], false)).toBeNull();
  });
  it('shows the chooser with none or several applications', () => {
    expect(findSingleApplication([], false)).toBeNull();
    expect(findSingleApplication([buildApplication(), buildApplication({ id: 2 })], false)).toBeNull();
  });
});
