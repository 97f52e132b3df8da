import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthOption } from '../../api/generated/historian.gen';

export interface LoginFormProps {
  /** Local and LDAP providers, already in the order of SPEC §2; the first is the default. */
  providers: readonly AuthOption[];
  busy: boolean;
  /** The server's text for the password field (a 403 or 429). */
  passwordError: string | null;
  onSubmit: (provider: string, name: string, password: string) => void;
}

export function LoginForm({ providers, busy, passwordError, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const chosenProvider = provider ?? providers[0]?.ProviderName ?? 'local';

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
      <label className="field">
        <span>{t('login.username')}</span>
        <input name="Name" autoComplete="username" required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <div className="field">
        <label htmlFor="login-password">{t('login.password')}</label>
        <input
          id="login-password"
          name="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          aria-invalid={passwordError !== null}
          aria-describedby={passwordError !== null ? 'password-error' : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {passwordError !== null && (
          <span id="password-error" className="field-error">
            {passwordError}
          </span>
        )}
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('login.signing_in') : t('login.submit')}
      </button>
    </form>
  );
}
