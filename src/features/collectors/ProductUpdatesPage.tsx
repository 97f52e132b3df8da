import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductUpdate } from '../../api/generated/historian.gen';
import { useDeleteProductUpdateMutation, useGetProductUpdatesQuery } from '../../api/areas/collectors';
import { useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../components/DataTable/types';
import { Modal } from '../../components/Modal/Modal';
import { paths } from '../../lib/paths';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess } from '../../state/privileges';
import { ProductUpdateUploadForm } from './ProductUpdateUploadForm';
import './collectors.css';

const TABLE_ID = 'product-updates';

const formatSize = (bytes: number | undefined, locale: string) =>
  bytes === undefined ? '' : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024)} KiB`;

/** Uploaded builds of collectors (SPEC §3 Product update): upload with progress, and delete. */
export function ProductUpdatesPage() {
  const { t, i18n } = useTranslation();
  const can = useAppSelector(selectAccess);
  // Builds serve every organization, so uploading and deleting them is a root-level matter.
  const canManage = can({ privileges: [PRIVILEGES.ManageCollectors], scope: 'root' });
  const { data, error, isLoading, refetch } = useGetProductUpdatesQuery();
  const [remove, removeState] = useDeleteProductUpdateMutation();
  const [deleting, setDeleting] = useState<ProductUpdate | null>(null);

  const columns = useMemo<DataTableColumn<ProductUpdate>[]>(
    () => [
      { id: 'type', header: t('product_updates.table.type'), value: (u) => u.ProductType },
      { id: 'product', header: t('product_updates.table.product'), value: (u) => u.Product, minWidth: 160 },
      { id: 'os', header: t('product_updates.table.os'), value: (u) => u.OS, width: 100 },
      { id: 'arch', header: t('product_updates.table.arch'), value: (u) => u.Arch, width: 100 },
      { id: 'version', header: t('product_updates.table.version'), value: (u) => u.Version, width: 110 },
      { id: 'size', header: t('product_updates.table.size'), value: (u) => u.Size, cell: (u) => formatSize(u.Size, i18n.language), align: 'end', width: 110 },
      { id: 'checksum', header: t('product_updates.table.checksum'), value: (u) => u.Checksum, cell: (u) => <code title={u.Checksum}>{u.Checksum?.slice(0, 12)}</code>, width: 140 },
      { id: 'uploaded', header: t('product_updates.table.uploaded'), value: (u) => (u.CreatedAt ? new Date(u.CreatedAt) : undefined), width: 190 },
    ],
    [t, i18n.language],
  );
  const actions = useMemo<DataTableAction<ProductUpdate>[]>(
    () => (canManage ? [{ id: 'delete', label: t('product_updates.delete.action'), icon: <Trash2 size={16} aria-hidden="true" focusable="false" />, onAction: setDeleting }] : []),
    [canManage, t],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove({ id: deleting.UUID });
    setDeleting(null);
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.product_updates')}</h1>
      <p>
        <Link to={paths.collectors}>{t('product_updates.back')}</Link>
      <DataTable
        tableId={TABLE_ID}
        label={t('product_updates.table.label')}
        columns={columns}
        data={data}
        getRowId={(update) => update.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        emptyMessage={t('product_updates.table.empty')}
        selectable={false}
        rightActions={actions}
        height="360px"
      />
      <Modal
        open={deleting !== null}
        title={t('product_updates.delete.title', { version: deleting?.Version ?? '' })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        confirmVariant="danger"
        busy={removeState.isLoading}
        labels={{ confirm: t('general.delete') }}
      >
        <p>{t('product_updates.delete.text', { type: deleting?.ProductType ?? '', os: deleting?.OS ?? '', arch: deleting?.Arch ?? '' })}</p>
      </Modal>
      </p>
      {canManage && (
        <section aria-labelledby="upload-title">
          <h2 id="upload-title">{t('product_updates.upload.title')}</h2>
          <ProductUpdateUploadForm />
        </section>
      )}
    </section>
  );
}
