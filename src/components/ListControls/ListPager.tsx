import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZES = [25, 50, 100, 200] as const;

export interface ListPagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Every item over all pages (the server's x-total-count). */
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The page sizes offered; PAGE_SIZES unless a list needs larger pages. */
  sizes?: readonly number[];
}

/** Paging under a server-paged list: the page size, "1–50 of 1,234", previous and next. */
export function ListPager({ page, pageSize, total, onPageChange, onPageSizeChange, sizes = PAGE_SIZES }: ListPagerProps) {
  const { t, i18n } = useTranslation();
  const sizeId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="list-pager" aria-label={t('list.paging')}>
      <label htmlFor={sizeId}>{t('list.page_size')}</label>
      <select id={sizeId} value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <span className="list-pager-range" aria-live="polite">
        {t('list.range', { from: number.format(from), to: number.format(to), total: number.format(total) })}
      </span>
      <button type="button" className="icon-button" aria-label={t('list.previous')} title={t('list.previous')} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft size={16} aria-hidden="true" focusable="false" />
      </button>
      <button type="button" className="icon-button" aria-label={t('list.next')} title={t('list.next')} disabled={page >= lastPage} onClick={() => onPageChange(page + 1)}>
        <ChevronRight size={16} aria-hidden="true" focusable="false" />
      </button>
    </nav>
  );
}
