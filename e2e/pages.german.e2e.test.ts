import {
  SIZES,
  catalogue,
  checkPage,
  isPlaceholder,
  reloadShell,
  setSetupDone,
  settle,
  shoot,
  signInAsAdmin,
  startPageTour,
  switchTheme,
  visibleTexts,
  type PageTour,
} from './support/pageTour';

// Every real page in German (e2e/support/pageTour.ts says what is checked): the administrator
// switches to German in the profile, and no visible text may still be its English catalogue value
// where the German one differs (the names of the data excepted); no page scrolls sideways or draws
// emoji. The setup wizard is checked in German too. The themes have files of their own.

let tour: PageTour;

beforeAll(async () => {
  tour = await startPageTour();
}, 120_000);

afterAll(async () => {
  await tour?.stop();
});

describe('every real page in German', () => {
  it('signs in, chooses German in the profile, and no English text is left on any page', async () => {
    const { page, addresses } = tour;
    const problems: string[] = [];
    const placeholders: string[] = [];
    const english = catalogue('en');
    const german = catalogue('de');
    const untranslated = new Map<string, string>();
    for (const [key, value] of Object.entries(english)) {
      if (german[key] !== undefined && german[key] !== value && !tour.dataNames.has(value)) untranslated.set(value, key);
    }
    const englishLeft = async (label: string) => {
      for (const text of await visibleTexts(page, { decoration: false })) {
        const key = untranslated.get(text);
        if (key) problems.push(`${label} (German): "${text}" is English (${key})`);
      }
    };

    await signInAsAdmin(tour);
    await setSetupDone(tour, true);
    await switchTheme(tour, 'light');
    await page.setViewportSize(SIZES[1]);

    // German, chosen as a user would, in the profile; its confirmation speaks German too.
    await settle(tour, addresses.get('profile') ?? '/profile');
    await page.getByLabel(english['profile.language']).selectOption('de');
    await page.getByRole('heading', { level: 1, name: german['pages.profile'] }).waitFor();
    const notifications = page.getByRole('region', { name: german['toast.region'] });
    await notifications.getByText(german['profile.saved']).waitFor();
    await notifications.getByRole('button', { name: german['toast.close'] }).click();
    for (const [id, address] of addresses) {
      if (id === 'setup') continue;
      await settle(tour, address);
      if (await isPlaceholder(tour, german)) {
        placeholders.push(id);
        continue;
      }
      await shoot(tour, `${id}-de-light-${SIZES[1].width}`);
      await checkPage(tour, `${id} (German)`, problems, { axe: false });
      await englishLeft(id);
    }

    // The setup wizard in German too, while setup is pending again.
    const setup = addresses.get('setup');
    if (setup) {
      await setSetupDone(tour, false);
      await reloadShell(tour);
      await settle(tour, setup);
      await shoot(tour, `setup-de-light-${SIZES[1].width}`);
      await checkPage(tour, 'setup (German)', problems, { axe: false });
      await englishLeft('setup');
    }

    console.log(`pages (German): ${addresses.size - placeholders.length} real pages checked; placeholders skipped: ${placeholders.join(', ') || 'none'}; shots in ${tour.shotsDir}`);
    expect([...new Set(problems)]).toEqual([]);
    expect(tour.pageErrors).toEqual([]);
  }, 300_000);
});
