import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable/DataTable';
import { collectorId, sampleCollectors } from './sampleData';
import { useCollectorColumns } from './TablesSection';

export const BIG_TABLE_ROWS = 100_000;

/** 100,000 rows: the browser test scrolls it and the benchmark times the frames. */
export function BigTableSection() {
  const { t } = useTranslation();
  const columns = useCollectorColumns();
  const data = useMemo(() => sampleCollectors(BIG_TABLE_ROWS), []);
  return (
    <section className="gallery-section" aria-labelledby="gallery-big">
      <h2 id="gallery-big">{t('gallery.big_table')}</h2>
      <DataTable tableId="gallery.big" label={t('gallery.big_table')} columns={columns} data={data} getRowId={collectorId} height="600px" />
    </section>
  );
}
