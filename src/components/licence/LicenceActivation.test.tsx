import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { LicenceActivation } from './LicenceActivation';

// SPEC §2 licence path: three steps (copy the fingerprint, obtain a token, paste and activate).

describe('licence activation', () => {
  it('numbers its three steps once: the ordered list numbers them, the texts do not', async () => {
    document.cookie = 'XSRF-TOKEN=test';
    server.use(noTranslationOverrides(), http.get('/api/license/fingerprint', () => HttpResponse.json({ token: 'fp' })));
    const { container } = renderWithProviders(<LicenceActivation formId="licence" onActivated={jest.fn()} />);
    await screen.findByDisplayValue('fp');
    const steps = container.querySelector('ol.licence-activation-steps');
    expect(steps).not.toBeNull();
    const items = within(steps as HTMLElement).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    for (const item of items) expect(item.textContent?.trim()).not.toMatch(/^\d/);
    expect(items[0]).toHaveTextContent('Copy the fingerprint token of this installation');
    expect(items[2]).toHaveTextContent('Paste the licence token');
  });
});
