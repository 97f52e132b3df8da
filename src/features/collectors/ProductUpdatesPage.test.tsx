import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ProductUpdate } from '../../api/generated/historian.gen';
import { ToastViewport } from '../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { ProductUpdatesPage } from './ProductUpdatesPage';
import { aProductUpdate } from './testing/collectorFixtures';

// The product updates page (SPEC §3, §7): the uploaded builds, an upload with a progress bar, and
// delete; uploading and deleting are root-level (builds serve every organization).

function renderPage(updates: ProductUpdate[], rootPrivileges = ['READ_COLLECTORS', 'MANAGE_COLLECTORS']) {
  document.cookie = 'XSRF-TOKEN=test';
  const list = [...updates];
  const uploads: Array<Record<string, FormDataEntryValue>> = [];
  const deleted: string[] = [];
  server.use(
    http.get('/api/product-updates', () => HttpResponse.json(list)),
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])),
    http.post('/api/product-updates', async ({ request }) => {
      const form = await request.formData();
      uploads.push(Object.fromEntries(form.entries()));
      const stored = aProductUpdate({ Version: String(form.get('Version')), ProductType: String(form.get('ProductType')) });
      list.push(stored);
      return HttpResponse.json(stored, { status: 201 });
    }),
    http.delete('/api/product-updates/:id', ({ params }) => {
      deleted.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const rendered = renderWithProviders(
    <>
      <ProductUpdatesPage />
      <ToastViewport />
    </>,
    {
      preloadedState: {
        session: aSession({ userPrivileges: [aPrivilege('READ_COLLECTORS'), ...rootPrivileges.map((name) => aPrivilege(name, ROOT_ORG_UUID))] }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, uploads, deleted };
}

describe('product updates page', () => {
  it('lists the builds with type, OS, architecture, version and checksum', async () => {
    renderPage([aProductUpdate({ Version: '1.1.0', Checksum: 'ab'.repeat(32) })]);
    const row = await screen.findByRole('row', { name: /1\.1\.0/ });
    for (const text of ['simulation', 'linux', 'x64', 'abababababab']) expect(within(row).getByText(text)).toBeInTheDocument();
  });

  it('uploads a build for a collector type, OS and architecture with its version, as multipart', async () => {
    const { user, uploads } = renderPage([]);
    const form = await screen.findByRole('form', { name: 'Upload a build' });
    await user.type(within(form).getByLabelText('Collector type'), 'simulation');
    await user.type(within(form).getByLabelText('Product'), 'Historian simulation collector');
    await user.type(within(form).getByLabelText('OS'), 'linux');
    await user.type(within(form).getByLabelText('Architecture'), 'x64');
    await user.type(within(form).getByLabelText('Version'), '2.0.0');
    // Node's File: jest-fixed-jsdom gives the page Node's Blob and FormData, and jsdom's own File is no Blob there.
    await user.upload(within(form).getByLabelText('Build file'), new NodeFile(['module.exports = {}'], 'build.js', { type: 'text/javascript' }) as unknown as File);
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Build 2.0.0 is uploaded.')).toBeInTheDocument();
    expect(uploads[0]).toEqual(expect.objectContaining({ ProductType: 'simulation', OS: 'linux', Arch: 'x64', Version: '2.0.0', File: expect.objectContaining({ name: 'build.js' }) }));
    expect(await screen.findByRole('row', { name: /2\.0\.0/ })).toBeInTheDocument();
  });

  it('refuses to upload without a file and names the missing fields', async () => {
    const { user, uploads } = renderPage([]);
    const form = await screen.findByRole('form', { name: 'Upload a build' });
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(within(form).getByLabelText('Build file')).toHaveAccessibleDescription('This field is required.');
    expect(uploads).toEqual([]);
  });

  it('deletes a build after confirmation', async () => {
    const build = aProductUpdate({ Version: '1.1.0' });
    const { user, deleted } = renderPage([build]);
    const row = await screen.findByRole('row', { name: /1\.1\.0/ });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete build 1.1.0?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([build.UUID]));
  });

  it('without MANAGE_COLLECTORS at root there is no upload and no delete', async () => {
    renderPage([aProductUpdate({ Version: '1.1.0' })], []);
    const row = await screen.findByRole('row', { name: /1\.1\.0/ });
    expect(screen.queryByRole('form', { name: 'Upload a build' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
