import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { selectVisibleMenu, type MenuItem } from '../state/menu';
import type { MenuLabelKey } from '../state/routes';
import { useAppSelector } from './hooks';

function useMenuLabel() {
  const { t } = useTranslation();
  // Each label key is written out in state/routes.ts; the union type keeps them checked.
  return (key: MenuLabelKey) => t(key);
}

function MenuGroup({ item }: { item: MenuItem }) {
  const label = useMenuLabel();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);

  // An open group closes on a click anywhere outside it.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !ref.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <li ref={ref} className="menu-group">
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {label(item.labelKey)}
      </button>
      {open && (
        <ul>
          {item.children?.map((child) => (
            <li key={child.id}>
              <NavLink to={child.path ?? '/'}>{label(child.labelKey)}</NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function SideMenu() {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const items = useAppSelector(selectVisibleMenu);
  return (
    <nav aria-label={t('menu.navigation')} className="side-menu">
      <ul>
        {items.map((item) =>
          item.children ? (
            <MenuGroup key={item.id} item={item} />
          ) : (
            <li key={item.id}>
              <NavLink to={item.path ?? '/'}>{label(item.labelKey)}</NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
