import { expect, test } from '@playwright/test';
import { peer } from '../support/peer.ts';
import { PEER_URL } from '../support/stack-constants.ts';

/**
 * The identity specs need the whole e2e stack (support/stack.ts), not only the server: fail here, once and
 * clearly, when the webServer command started something else.
 */
test('the e2e stack (SMTP capture, peer, server) is up', async ({ request }) => {
  const health = await fetch(`${PEER_URL}/health`).catch(() => null);
  expect(
    health?.ok,
    `the peer does not answer at ${PEER_URL}: is webServer.command e2e/support/stack.ts?`,
  ).toBe(true);
  expect((await request.get('/api/health')).ok()).toBe(true);
  await expect.poll(async () => (await peer.demoAet().catch(() => null))?.uid ?? null).toBeTruthy();
});
