import { useId, type ReactNode } from 'react';
import { TruncatedText } from './TruncatedText';
import './Page.css';

export interface PageProps {
  /** The page's name, its one h1; a long one ends in an ellipsis (full text on hover and focus). */
  title: string;
  /** A line or two under the title saying what the page is for. */
  description?: ReactNode;
  /** The page's primary actions (buttons, links styled as buttons), drawn at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * The template every page of the console follows: a header with title, description and actions,
 * then the content. The shell draws the breadcrumbs above it; the page draws only its own part.
 */
export function Page({ title, description, actions, children, className }: PageProps) {
  const titleId = useId();
  return (
    <section className={['page', 'page-template', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <header className="page-header">
        <div className="page-heading">
          <TruncatedText as="h1" id={titleId} className="page-title" text={title} />
          {description && <p className="page-description">{description}</p>}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
