import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

// Small pieces the access-administration pages share.

/** ARCHITECTURE "Configuration routes": the singular page edits ?id=…, and creates without one. */
export function useQueryId(): string | undefined {
  const [params] = useSearchParams();
  return params.get('id') ?? undefined;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function Page({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{title}</h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

export function EditIcon() {
  return <span aria-hidden="true">✎</span>;
}

export function DeleteIcon() {
  return <span aria-hidden="true">🗑</span>;
}
