import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FieldsetProps {
  legend?: ReactNode;
  /** Shows a toggle that collapses and expands the content. */
  collapsible?: boolean;
  /** Controlled collapsed state; leave out to let the fieldset keep its own. */
  collapsed?: boolean;
  defaultCollapsed?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
  /** Disables every control inside (the collapse toggle stays usable). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A fieldset with an optional legend (SPEC §2). Collapsed content stays in the form, hidden, so
 * its values are still submitted.
 */
export function Fieldset({ legend, collapsible, collapsed, defaultCollapsed = false, onCollapsedChange, disabled, className, children }: FieldsetProps) {
  const { t } = useTranslation();
  const contentId = useId();
  const [ownCollapsed, setOwnCollapsed] = useState(defaultCollapsed);
  const isCollapsed = collapsible ? (collapsed ?? ownCollapsed) : false;
  const toggle = () => {
    setOwnCollapsed(!isCollapsed);
    onCollapsedChange?.(!isCollapsed);
  };
  const toggleButton = (content: ReactNode, label?: string) => (
    <button type="button" className="fieldset-toggle" aria-expanded={!isCollapsed} aria-controls={contentId} aria-label={label} onClick={toggle}>
      <span className="fieldset-chevron" aria-hidden="true">
        {isCollapsed ? '▸' : '▾'}
      </span>
      {content}
    </button>
  );
  return (
    <fieldset className={`fieldset${isCollapsed ? ' fieldset-collapsed' : ''}${className ? ` ${className}` : ''}`} disabled={disabled}>
      {/* Controls in the first legend stay enabled in a disabled fieldset, so the toggle lives there. */}
      {legend !== undefined ? (
        <legend>{collapsible ? toggleButton(legend) : legend}</legend>
      ) : (
        collapsible && <legend className="fieldset-bare-legend">{toggleButton(null, t('form.toggle_section'))}</legend>
      )}
      <div id={contentId} className="fieldset-content" hidden={isCollapsed}>
        {children}
      </div>
    </fieldset>
  );
}
