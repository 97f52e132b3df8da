import type { TFunction } from 'i18next';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Page as TemplatePage } from '../../../components/Page/Page';

// Small pieces the access-administration pages share.

/** ARCHITECTURE "Configuration routes": the singular page edits ?id=…, and creates without one. */
export function useQueryId(): string | undefined {
  const [params] = useSearchParams();
  return params.get('id') ?? undefined;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A kind of identity provider by its name in the user's language (local, LDAP, OpenID Connect). */
export const providerTypeLabel = (type: string, t: TFunction): string => t(`providers.types.${type}`, { defaultValue: type });

/** The access pages follow the console's page template (components/Page). */
export function Page({ title, description, children, actions }: { title: string; description?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <TemplatePage title={title} description={description} actions={actions}>
      {children}
    </TemplatePage>
  );
}

// Row actions are named by their labels; the icons are decoration.
export function EditIcon() {
  return <Pencil size={16} aria-hidden="true" focusable="false" />;
}

export function DeleteIcon() {
  return <Trash2 size={16} aria-hidden="true" focusable="false" />;
}
