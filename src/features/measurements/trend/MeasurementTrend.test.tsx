import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { COLUMNS_MEDIA_TYPE, encodeColumns } from '../../../../domain/timeseriesColumns';
import type { TimeseriesQuery } from '../../../api/generated/historian.gen';
import { aSession, ORG_A_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { MeasurementTrend } from './MeasurementTrend';

const UUID = '55555555-5555-4555-8555-555555555555';

function setup() {
  document.cookie = 'XSRF-TOKEN=test';
  const bodies: TimeseriesQuery[] = [];
  server.use(
    http.get('*/translations/:lng/:ns', () => HttpResponse.json([])),
    http.get(`*/measurements/${UUID}`, () =>
      HttpResponse.json({ UUID, Name: 'Kiln pressure', CollectorUUID: 'c1', DatabaseUUID: 'd1', Datatype: 'number', Status: 'Active', Attributes: { Config: { UoM: 'bar' } } }),
    ),
    http.post('*/timeseries/query', async ({ request }) => {
      bodies.push((await request.json()) as TimeseriesQuery);
      const times = new Float64Array([Date.now() - 60_000]);
      const series = [{ measurementUuid: UUID, name: 'Kiln pressure', database: 'plant', datatype: 'number', uom: 'bar', fields: ['time', 'value'], times, columns: { value: new Float64Array([4.25]) }, lastKnown: null, truncated: false }];
      return new HttpResponse(encodeColumns({ series }), { headers: { 'content-type': COLUMNS_MEDIA_TYPE } });
    }),
  );
  const rendered = renderWithProviders(<MeasurementTrend measurementUuid={UUID} />, {
    preloadedState: { session: aSession(), organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: null, hasManualEntryForms: false } },
  });
  return { ...rendered, bodies };
}

describe('the trend in the measurement drawer', () => {
  it('shows the last hour of the measurement with its last value and unit', async () => {
    setup();
    const legend = await screen.findByRole('list', { name: 'Legend' });
    expect(legend).toHaveTextContent('Kiln pressure');
    expect(legend).toHaveTextContent('4.25 bar');
    expect(screen.getByRole('combobox', { name: 'Range' })).toHaveDisplayValue('Last hour');
    expect(screen.getByText('Raw points, up to 1,000,000 per measurement')).toBeInTheDocument();
  });

  it('opens the shareable trend of the measurement with the range shown', async () => {
    const { user, bodies } = setup();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].MeasurementUUIDs).toEqual([UUID]);
    expect(screen.getByRole('link', { name: 'Open in trend' })).toHaveAttribute('href', `/measurements?trend=${UUID}&from=now-1h&to=now`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 6 hours');
    expect(screen.getByRole('link', { name: 'Open in trend' })).toHaveAttribute('href', `/measurements?trend=${UUID}&from=now-6h&to=now`);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(Date.parse(String(bodies[1].End)) - Date.parse(String(bodies[1].Start))).toBe(6 * 3_600_000);
  });
});
