import { PAYLOADS, REFUSED_BY_CONTRACT, runXssTour, type XssResult } from './support/xssTour';

// Stored XSS (issue 22, item 3): a payload in every name-like field of every create operation of
// the contract with a Name, and every page of the console opened in Chromium. Nothing may run: no
// reported tag, no dialog, no element made from a payload; each list page shows a payload as text.
// The bench (npm run bench -- reliability xss) stores every payload in every field.

let result: XssResult;

beforeAll(async () => {
  // One record of every kind; the fields take the first six payloads in turn.
  result = await runXssTour({ variants: 1, payloads: 6, shotsDir: process.env.XSS_SHOTS_DIR });
  console.log(
    `xss: ${result.fields} fields, ${result.stored} payloads stored (${result.refused} refused), ${result.pages} pages; ran ${result.ran.length}, dialogs ${result.dialogs.length}, injected ${result.injected.length}, CSP violations ${result.cspViolations.length}`,
  );
}, 240_000);

describe('stored payloads in every name field, on every page', () => {
  it('covers every create operation of the contract that takes a Name', () => {
    expect(result.uncovered).toEqual([]);
    expect(result.fields).toBeGreaterThanOrEqual(40);
    // A provider's name is its sign-in address: the contract's pattern refuses a payload (400).
    expect(result.refusedFields).toEqual(REFUSED_BY_CONTRACT);
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(6);
  });

  it('catches a payload put into the page as HTML (the detector works)', () => {
    // The image's handler and the javascript: link are found in the page; the CSP blocks the handler.
    expect(result.detector).toEqual({ injected: 2, cspViolations: 1, ran: 1 });
  });

  it('runs no payload on any page, opens no dialog and builds no element from one', () => {
    expect(result.pages).toBeGreaterThanOrEqual(40);
    expect(result.ran).toEqual([]);
    expect(result.dialogs).toEqual([]);
    expect(result.injected).toEqual([]);
    expect(result.cspViolations).toEqual([]);
    expect(result.pageErrors).toEqual([]);
  });

  it('shows the payloads as text on the pages that list them', () => {
    expect(result.pagesWithoutText).toEqual([]);
    // Long payloads once widened whole pages: the asset's properties table (assets.css) and the
    // manual entry forms list (manualEntryList.css). No page may scroll sideways with them.
    expect(result.pagesScrollingSideways).toEqual([]);
  });
});
