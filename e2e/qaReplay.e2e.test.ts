import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEFAULT_PASSWORD } from '../domain/constants';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// QA record and replay (README "QA: record and replay"): a session is recorded in one browser
// context (?record=1, the real sign-in with the forced password change, the collectors page, a
// column-settings change), exported from the user menu, then replayed in another context on
// /qa/replay and stepped through; each checkpoint of the live session shows the same main-region
// text in the replay.

const NEW_PASSWORD = 'qa-replay-admin-password';

let server: RunningServer;
let browser: Browser;
let fileDir: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  fileDir = mkdtempSync(nodePath.join(os.tmpdir(), 'historian-e2e-recording-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(fileDir, { recursive: true, force: true });
});

interface Checkpoint {
  name: string;
  /** Actions recorded when the screen was read: the replay step that should show the same. */
  step: number;
  text: string;
}

interface ExportedRecording {
  formatVersion: number;
  actions: { t: number; action: { type: string } }[];
}

const normalized = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Exports the recording from the user menu and reads the downloaded file. */
async function exportRecording(page: Page): Promise<{ path: string; recording: ExportedRecording }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export recording' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^historian-recording-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.json$/);
  const path = await download.path();
  return { path, recording: JSON.parse(readFileSync(path, 'utf8')) };
}

/** Waits until nothing is loading, then reads the main region and how many actions are recorded. */
async function checkpoint(page: Page, name: string): Promise<Checkpoint> {
  await page.waitForLoadState('networkidle');
  await page.getByRole('main').getByText('Loading…').waitFor({ state: 'detached' });
  const text = normalized(await page.getByRole('main').textContent());
  const { recording } = await exportRecording(page);
  return { name, step: recording.actions.length, text };
}

async function poll(read: () => Promise<string>, expected: string, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last = '';
  while (Date.now() < deadline) {
    last = await read();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: expected\n  ${expected}\nbut the replay shows\n  ${last}`);
}

async function signIn(page: Page, password: string) {
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('QA record and replay in the browser', () => {
  it('records a session in one context, exports it, and replays it step by step in another', async () => {
    // Recording: ?record=1 before the hash; the collectors route is remembered for after sign-in,
    // so the admin lands there rather than in the setup wizard of a fresh server.
    const live = await newContext(browser, server.url);
    await live.page.goto('/?record=1#/collectors');
    await signIn(live.page, DEFAULT_PASSWORD);
    const change = live.page.getByRole('dialog', { name: 'Change password' });
    await change.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await change.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Save' }).click();
    await change.waitFor({ state: 'detached' });
    const grid = live.page.getByRole('grid', { name: 'Collectors' });
    await grid.waitFor();

    const checkpoints: Checkpoint[] = [await checkpoint(live.page, 'collectors after sign-in')];

    // The table-settings change: the Version column goes.
    await live.page.getByRole('button', { name: 'Column settings' }).click();
    const dialog = live.page.getByRole('dialog', { name: 'Column settings' });
    await dialog.getByRole('listbox', { name: 'Active columns' }).selectOption({ label: 'Version' });
    await dialog.getByRole('button', { name: /Remove/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await grid.getByRole('columnheader', { name: 'Version' }).count()).toBe(0);
    checkpoints.push(await checkpoint(live.page, 'collectors without the Version column'));

    const { path: downloaded, recording } = await exportRecording(live.page);
    const file = readFileSync(downloaded, 'utf8');
    // Downloads go with their context; the QA engineer's copy is this one.
    const path = nodePath.join(fileDir, 'recording.json');
    writeFileSync(path, file);
    const xsrf = (await live.context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    expect(recording.formatVersion).toBe(1);
    expect(recording.actions.map((a) => a.action.type)).toEqual(expect.arrayContaining(['navigation/changed', 'tableSettings/tableLayoutChanged']));
    // Neither password, nor the session's anti-forgery value, is in the file.
    expect(file).not.toContain(NEW_PASSWORD);
    expect(file).not.toContain(`"${DEFAULT_PASSWORD}"`);
    expect(xsrf && file.includes(decodeURIComponent(xsrf))).toBe(false);
    expect(live.errors).toEqual([]);
    await live.context.close();

    // Replay, in a context of its own (its own cookies and storage).
    const qa = await newContext(browser, server.url);
    await qa.page.goto('/#/qa/replay');
    await signIn(qa.page, NEW_PASSWORD);
    await qa.page.getByRole('heading', { level: 1, name: 'QA replay' }).waitFor();
    await qa.page.getByLabel('Recording file').setInputFiles(path);

    const screen: Locator = qa.page.getByRole('region', { name: 'Replayed screen' });
    await screen.waitFor();
    const replayedText = async () => normalized(await screen.locator('main').first().textContent());
    const status = qa.page.getByRole('toolbar', { name: 'Replay controls' }).getByRole('status');
    const actions = qa.page.getByRole('navigation', { name: 'Recorded actions' }).getByRole('button');
    expect(await actions.count()).toBe(recording.actions.length + 1);

    // Jump to each checkpoint: the replay shows what the live session showed there.
    for (const expected of checkpoints) {
      await actions.nth(expected.step).click();
      expect(normalized(await status.textContent())).toBe(`Step ${expected.step} of ${recording.actions.length}`);
      await poll(replayedText, expected.text, expected.name);
    }

    // Step back and forward, and see each step's diff.
    await qa.page.getByRole('button', { name: 'Step back' }).click();
    expect(normalized(await status.textContent())).toBe(`Step ${checkpoints[1].step - 1} of ${recording.actions.length}`);
    await qa.page.getByRole('button', { name: 'Step forward' }).click();
    await qa.page.getByRole('heading', { name: 'Changes in this step' }).waitFor();

    // Play from the start at 4x to the end.
    await qa.page.getByRole('button', { name: 'Back to the start' }).click();
    await qa.page.getByLabel('Speed').selectOption({ label: '4×' });
    await qa.page.getByRole('button', { name: 'Play' }).click();
    await qa.page.getByText(`Step ${recording.actions.length} of ${recording.actions.length}`).waitFor({ timeout: 60_000 });
    await poll(replayedText, checkpoints[checkpoints.length - 1].text, 'the end of the recording');

    expect(qa.errors).toEqual([]);
    await qa.context.close();
  }, 180_000);

  // Runs after the test above, which replaced the default password with NEW_PASSWORD.
  it('replays the screens of every documented way of recording while signed in: the profile switch, ?record=1 before and inside the hash', async () => {
    const live = await newContext(browser, server.url);
    await live.page.goto('/#/profile');
    await signIn(live.page, NEW_PASSWORD);
    const experimental = live.page.getByLabel('Experimental features');
    if (!(await experimental.isChecked())) await experimental.check();
    const recorded: { name: string; path: string; checkpoints: Checkpoint[] }[] = [];
    const keep = async (name: string, checkpoints: Checkpoint[]) => {
      const { path: downloaded } = await exportRecording(live.page);
      const path = nodePath.join(fileDir, `${name}.json`);
      writeFileSync(path, readFileSync(downloaded, 'utf8'));
      recorded.push({ name, path, checkpoints });
    };

    // 1. The switch among the profile's experimental features, on the profile page itself.
    await live.page.getByRole('checkbox', { name: 'Record my actions for QA replay' }).check();
    const onProfile = await checkpoint(live.page, 'profile, where the switch was turned on');
    await live.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Collectors' }).click();
    await live.page.getByRole('grid', { name: 'Collectors' }).waitFor();
    await keep('profile-switch', [{ ...onProfile, step: 0 }, await checkpoint(live.page, 'collectors after the switch')]);

    // 2. and 3. ?record=1 in the address of the signed-in console, before the hash and inside it.
    for (const [name, address] of [['record-before-hash', '/?record=1#/collectors'], ['record-in-hash', '/#/collectors?record=1']]) {
      await live.page.goto(address);
      await live.page.getByRole('grid', { name: 'Collectors' }).waitFor();
      await keep(name, [await checkpoint(live.page, `collectors opened with ${address}`)]);
    }
    expect(live.errors).toEqual([]);
    await live.context.close();

    const qa = await newContext(browser, server.url);
    await qa.page.goto('/#/qa/replay');
    await signIn(qa.page, NEW_PASSWORD);
    await qa.page.getByRole('heading', { level: 1, name: 'QA replay' }).waitFor();
    for (const { name, path, checkpoints } of recorded) {
      await qa.page.getByLabel('Recording file').setInputFiles(path);
      const screen = qa.page.getByRole('region', { name: 'Replayed screen' });
      const actions = qa.page.getByRole('navigation', { name: 'Recorded actions' }).getByRole('button');
      await screen.waitFor();
      for (const expected of checkpoints) {
        await actions.nth(expected.step).click();
        await poll(async () => normalized(await screen.locator('main').first().textContent()), expected.text, `${name}: ${expected.name}`);
      }
    }
    expect(qa.errors).toEqual([]);
    await qa.context.close();
  }, 180_000);
});
