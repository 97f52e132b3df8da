import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { routeIcon } from '../components/navigation/routeIcons';
import { selectVisibleMenu, type MenuItem } from '../state/menu';
import type { MenuLabelKey } from '../state/routes';
import { useAppSelector } from './hooks';

function useMenuLabel() {
  const { t } = useTranslation();
  // Each label key is written out in state/routes.ts; the union type keeps them checked.
  return (key: MenuLabelKey) => t(key);
}

/**
 * An entry's icon and label. The icon is decoration; the label names the entry, also when the
 * sidebar is collapsed: then it is drawn as a tooltip on hover and focus (styles in AppShell.css).
 */
function EntryContent({ item }: { item: MenuItem }) {
  const label = useMenuLabel();
  const Icon = routeIcon(item.id);
  return (
    <>
      <Icon className="nav-icon" aria-hidden="true" focusable="false" />
      <span className="nav-label">{label(item.labelKey)}</span>
    </>
  );
}

function MenuGroup({ item, collapsed }: { item: MenuItem; collapsed: boolean }) {
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
      <button type="button" className="nav-item" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <EntryContent item={item} />
        <ChevronDown className="nav-chevron" aria-hidden="true" focusable="false" />
      </button>
      {open && (
        <ul className="menu-group-items">
          {item.children?.map((child) => (
            <li key={child.id}>
              {/* Collapsed, the group is a flyout over the page: choosing an entry closes it. */}
              <NavLink to={child.path ?? '/'} className="nav-item" onClick={() => collapsed && setOpen(false)}>
                <EntryContent item={child} />
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The sidebar's entries (SPEC §2), read from the route table through selectVisibleMenu. */
export function SideMenu({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const items = useAppSelector(selectVisibleMenu);
  return (
    <nav aria-label={t('menu.navigation')} className="side-menu">
      <ul>
        {items.map((item) =>
          item.children ? (
            <MenuGroup key={item.id} item={item} collapsed={collapsed} />
          ) : (
            <li key={item.id}>
              <NavLink to={item.path ?? '/'} className="nav-item">
                <EntryContent item={item} />
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
