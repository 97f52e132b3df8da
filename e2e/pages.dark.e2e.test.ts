import { startPageTour, tourTheme, type PageTour } from './support/pageTour';

// Every real page in the dark theme, at both sizes (e2e/support/pageTour.ts says what is checked):
// none scrolls sideways, fails axe or draws emoji. The light theme and German have files of their own.

let tour: PageTour;

beforeAll(async () => {
  tour = await startPageTour();
}, 120_000);

afterAll(async () => {
  await tour?.stop();
});

describe('every real page in the dark theme, at both sizes', () => {
  it('signs in, and no page scrolls sideways, fails axe or draws emoji', async () => {
    const { problems, placeholders } = await tourTheme(tour, 'dark');
    console.log(`pages (dark): ${tour.addresses.size - placeholders.length} real pages checked; placeholders skipped: ${placeholders.join(', ') || 'none'}; shots in ${tour.shotsDir}`);
    expect(problems).toEqual([]);
    expect(tour.pageErrors).toEqual([]);
  }, 300_000);
});
