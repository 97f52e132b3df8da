import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { CollectorStatusIcon } from './CollectorStatusIcon';

describe('Collector status icons (SPEC §2)', () => {
  it('exist for Active, Initial, Deleted and Paused, each named and each its own shape', () => {
    renderWithProviders(
      <>
        <CollectorStatusIcon status="Active" />
        <CollectorStatusIcon status="Initial" />
        <CollectorStatusIcon status="Deleted" />
        <CollectorStatusIcon status="Paused" />
      </>,
    );
    const icons = ['Active', 'Initial', 'Deleted', 'Paused'].map((name) => screen.getByRole('img', { name }));
    const shapes = new Set(icons.map((icon) => icon.innerHTML));
    expect(shapes.size).toBe(4);
  });

  it('can show the status name beside the icon', () => {
    renderWithProviders(<CollectorStatusIcon status="Paused" showLabel />);
    expect(screen.getByText('Paused')).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
