import { useState, type FormEvent } from 'react';
import type { AuthOption } from '../../api/generated/historian.gen';
import { useSignInTranslation } from '../../i18n/signInTexts';

export interface LoginFormProps {
  /** Local and LDAP providers, already in the order of SPEC §2; the first is the default. */
  providers: readonly AuthOption[];
  busy: boolean;
  /** The server's text for the password field (a 403 or 429). */
  passwordError: string | null;
  onSubmit: (provider: string, name: string, password: string) => void;
}

export function LoginForm({ providers, busy, passwordError, onSubmit }: LoginFormProps) {
  const { t } = useSignInTranslation();
  const [provider, setProvider] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  // Empty fields are answered here, next to the field, rather than sent and refused as a wrong password.
  const [missing, setMissing] = useState<{ name: boolean; password: boolean }>({ name: false, password: false });
  const chosenProvider = provider ?? providers[0]?.ProviderName ?? 'local';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = { name: name.trim() === '', password: password === '' };
    setMissing(empty);
    if (empty.name || empty.password) return;
    onSubmit(chosenProvider, name, password);
  };

  return (
    <form onSubmit={submit} noValidate>
      {providers.length > 1 && (
        <label className="field">
          <span>{t('login.provider')}</span>
          <select value={chosenProvider} onChange={(e) => setProvider(e.target.value)}>
            {providers.map((p) => (
              <option key={p.UUID} value={p.ProviderName}>
                {p.ProviderName}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="field">
        <label htmlFor="login-name">{t('login.username')}</label>
        <input
          id="login-name"
          name="Name"
          autoComplete="username"
          required
          value={name}
          aria-invalid={missing.name || undefined}
          aria-describedby={missing.name ? 'name-error' : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setMissing((current) => ({ ...current, name: false }));
          }}
        />
        {missing.name && (
          <span id="name-error" className="field-error">
            {t('login.errors.name_required')}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('login.password')}</label>
        <input
          id="login-password"
          name="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          aria-invalid={missing.password || passwordError !== null}
          aria-describedby={missing.password || passwordError !== null ? 'password-error' : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setMissing((current) => ({ ...current, password: false }));
          }}
        />
        {(missing.password || passwordError !== null) && (
          <span id="password-error" className="field-error">
            {missing.password ? t('login.errors.password_required') : passwordError}
          </span>
        )}
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('login.signing_in') : t('login.submit')}
      </button>
    </form>
  );
}
