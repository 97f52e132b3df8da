import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ToastViewport } from '../../components/Toasts/ToastViewport';
import { BigTableSection } from './BigTableSection';
import { DialogsSection } from './DialogsSection';
import { FormsSection } from './FormsSection';
import { TablesSection } from './TablesSection';
import './gallery.css';

type Theme = 'system' | 'light' | 'dark';

const SECTIONS: Record<string, () => ReactNode> = {
  dialogs: () => <DialogsSection />,
  forms: () => <FormsSection />,
  tables: () => <TablesSection />,
  big: () => <BigTableSection />,
};

/** Forces a theme on <html> while the gallery is open, so both can be checked on one machine. */
function useTheme(theme: Theme) {
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
    return () => {
      delete root.dataset.theme;
    };
  }, [theme]);
}

/**
 * Every shared widget on one page, for development and for the browser tests (axe, the 100,000
 * row scroll). `?section=big` shows one section alone, as the benchmark wants.
 */
export function GalleryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [theme, setTheme] = useState<Theme>('system');
  useTheme(theme);
  const only = params.get('section');
  const sections = only && SECTIONS[only] ? [only] : Object.keys(SECTIONS);
  const themes: { value: Theme; label: string }[] = [
    { value: 'system', label: t('gallery.theme_system') },
    { value: 'light', label: t('gallery.theme_light') },
    { value: 'dark', label: t('gallery.theme_dark') },
  ];

  return (
    <main className="gallery page">
      <header className="gallery-header">
        <h1>{t('gallery.title')}</h1>
        <p className="muted">{t('gallery.intro')}</p>
        <fieldset className="gallery-theme">
          <legend>{t('gallery.theme')}</legend>
          {themes.map((option) => (
            <label key={option.value}>
              <input type="radio" name="gallery-theme" value={option.value} checked={theme === option.value} onChange={() => setTheme(option.value)} />
              {option.label}
            </label>
          ))}
        </fieldset>
      </header>
      {sections.map((id) => (
        <div key={id}>{SECTIONS[id]()}</div>
      ))}
      <ToastViewport />
    </main>
  );
}
