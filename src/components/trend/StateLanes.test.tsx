import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../i18n/testI18n';
import { laneBlocks, StateLanes } from './StateLanes';
import { MIXED_STATE } from './trendData';
import { readPalette } from './trendPalette';

const range = { start: 0, end: 1000 };

describe('state lanes under the chart', () => {
  it('keep segments of a pixel or more as they are', () => {
    const segments = [
      { start: 0, end: 500, value: 'Run' },
      { start: 500, end: 1000, value: 'Stop' },
    ];
    expect(laneBlocks(segments, range, 100)).toEqual(segments);
  });

  it('merge segments narrower than a pixel into one mixed block', () => {
    // 100 px over 1000 ms: 10 ms a pixel.
    const segments = [
      { start: 0, end: 500, value: 'Run' },
      { start: 500, end: 503, value: 'Stop' },
      { start: 503, end: 506, value: 'Run' },
      { start: 506, end: 509, value: 'Stop' },
      { start: 600, end: 1000, value: 'Idle' },
    ];
    expect(laneBlocks(segments, range, 100)).toEqual([
      { start: 0, end: 509, value: MIXED_STATE },
      { start: 600, end: 1000, value: 'Idle' },
    ]);
  });

  it('show each state with its value and times on hover, lined up with the plot', () => {
    const lanes = [{ measurementUuid: 'd', name: 'Door open', colorIndex: 0, segments: [{ start: 0, end: 250, value: 'true' }, { start: 250, end: 1000, value: 'false' }] }];
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <StateLanes lanes={lanes} range={range} plot={{ left: 60, width: 800 }} palette={readPalette(document.body)} formatTime={(time) => `t${time}`} />
      </I18nextProvider>,
    );
    const list = screen.getByRole('list', { name: 'State lanes' });
    const open = within(list).getByTitle('Door open: true (t0 – t250)');
    expect(open).toHaveStyle({ left: '0%', width: '25%' });
    expect(within(list).getByTitle('Door open: false (t250 – t1000)')).toHaveClass('off');
    expect(open.parentElement).toHaveStyle({ left: '60px', width: '800px' });
  });
});
