import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateProductUpdateMutation } from '../../api/areas/collectors';
import { PRODUCT_UPDATES_UPLOAD_URL } from '../../api/productUpdateUpload';
import { useFormErrors } from '../../components/form/useFormErrors';
import { useUploadProgress } from './useUploadProgress';

const TEXT_FIELDS = ['ProductType', 'Product', 'OS', 'Arch', 'Version'] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];

/** Upload a build for a collector type, OS and architecture, with its version (SPEC §3, §7). */
export function ProductUpdateUploadForm() {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [upload, { isLoading }] = useCreateProductUpdateMutation();
  const progress = useUploadProgress(PRODUCT_UPDATES_UPLOAD_URL);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const labels: Record<TextFieldName | 'File', string> = {
    ProductType: t('product_updates.upload.type'),
    Product: t('product_updates.upload.product'),
    OS: t('product_updates.upload.os'),
    Arch: t('product_updates.upload.arch'),
    Version: t('product_updates.upload.version'),
    File: t('product_updates.upload.file'),
  };
  const placeholders: Record<TextFieldName, string> = { ProductType: 'simulation', Product: '', OS: 'linux', Arch: 'x64', Version: '1.1.0' };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = (name: string) => {
      const element = form.elements.namedItem(name);
      return element instanceof HTMLInputElement ? element : null;
    };
    const text = (name: TextFieldName) => (input(name)?.value ?? '').trim();
    const file = input('File')?.files?.[0];
    const missing: Record<string, string[]> = {};
    for (const name of TEXT_FIELDS) if (text(name) === '') missing[name] = [t('general.required')];
    if (!file || file.size === 0) missing.File = [t('general.required')];
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !file) return;
    const result = await upload({
      productUpdateUpload: { ProductType: text('ProductType'), Product: text('Product'), OS: text('OS'), Arch: text('Arch'), Version: text('Version'), File: file },
    });
    if (result.error) setErrors(formErrors(result.error, [...TEXT_FIELDS, 'File']));
    else formRef.current?.reset();
  };

  const field = (name: TextFieldName | 'File') => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className={`field${error ? ' field-invalid' : ''}`} key={name}>
        <label htmlFor={fieldId} className="field-label">
          {labels[name]}
        </label>
        {name === 'File' ? (
          <input id={fieldId} name="File" type="file" required aria-invalid={error ? true : undefined} aria-describedby={error ? `${fieldId}-error` : undefined} />
        ) : (
          <input
            id={fieldId}
            name={name}
            required
            maxLength={name === 'Product' ? 200 : 64}
            placeholder={placeholders[name]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
        )}
        {error && (
          <p id={`${fieldId}-error`} className="field-error">
            {error.join(' ')}
          </p>
        )}
      </div>
    );
  };

  return (
    <form ref={formRef} className="product-upload-form" aria-label={t('product_updates.upload.title')} noValidate onSubmit={(event) => void submit(event)}>
      {TEXT_FIELDS.map(field)}
      {field('File')}
      <button type="submit" className="primary" disabled={isLoading}>
        {t('product_updates.upload.submit')}
      </button>
      {isLoading && (
        <progress
          aria-label={t('product_updates.upload.progress')}
          value={progress?.loaded ?? 0}
          max={progress?.total ?? undefined}
        />
      )}
    </form>
  );
}
