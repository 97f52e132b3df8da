import type { Page } from 'playwright-core';

// What a user does on the sign-in screens, for the browser tests.

export async function signInWithForm(page: Page, name: string, password: string): Promise<void> {
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The labels of the sidebar's top-level items, once the signed-in shell shows. */
export async function menuItems(page: Page): Promise<string[]> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.waitFor();
  return navigation.locator(':scope > ul > li > :first-child').allTextContents();
}

/**
 * Plays the user at the test identity provider in the login popup. Its interaction page answers
 * JSON instead of a form (server/auth/testing/oidcProviderProcess.mjs), so the test sends the
 * popup to the login endpoint as the form would; a provider session from an earlier sign-in sends
 * the popup straight back. Resolves once the login page has closed the popup.
 */
export async function completeAtProvider(popup: Page, issuer: string, account: string): Promise<void> {
  const closed = popup.isClosed() ? Promise.resolve('closed') : popup.waitForEvent('close', { timeout: 30_000 }).then(() => 'closed');
  const atInteraction = popup
    .waitForURL((url) => url.origin === issuer && url.pathname.startsWith('/interaction/'), { timeout: 30_000 })
    .then(() => 'interaction');
  const reached = await Promise.race([closed, atInteraction.catch(() => 'closed')]);
  if (reached === 'interaction') {
    const uid = new URL(popup.url()).pathname.split('/')[2];
    const login = `${issuer}/interaction/${uid}/login?account=${encodeURIComponent(account)}`;
    // The popup may be closed by the login page while this navigation is still running.
    await popup.evaluate((url) => window.location.assign(url), login).catch(() => undefined);
  }
  await closed;
}
