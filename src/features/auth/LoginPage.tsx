import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { useGetAuthOptionsQuery, useLoginMutation } from '../../api/historianApi';
import { isProblemError } from '../../api/transport/errors';
import { takeRememberedRoute } from '../../api/transport/sessionStorage';
import { paths } from '../../lib/paths';
import { completeLogin } from './completeLogin';
import { externalProviders, sortFormProviders } from './sortProviders';

type LoginError =
  | { field: 'form'; key: 'users.errors.login' | 'historian.errors.missing_privileges' }
  | { field: 'password'; text: string };

export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: options, isLoading, isError } = useGetAuthOptionsQuery();
  const [login, { isLoading: signingIn }] = useLoginMutation();
  const formProviders = useMemo(() => sortFormProviders(options ?? []), [options]);
  const external = useMemo(() => externalProviders(options ?? []), [options]);
  const [showForm, setShowForm] = useState(true);
  const [provider, setProvider] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<LoginError | null>(null);
  const chosenProvider = provider ?? formProviders[0]?.ProviderName ?? 'local';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await login({ provider: chosenProvider, loginCredentials: { Name: name, Password: password } }).unwrap();
      const completion = await completeLogin(dispatch, result.User, chosenProvider, 'form');
      if (!completion.ok) {
        setError({ field: 'form', key: completion.reason === 'missing_privileges' ? 'historian.errors.missing_privileges' : 'users.errors.login' });
        return;
      }
      navigate(takeRememberedRoute() ?? paths.home, { replace: true });
    } catch (failure) {
      // A 403 carries the server's own explanation, shown on the password field (SPEC §8).
      if (isProblemError(failure) && (failure.code === 403 || failure.code === 429) && failure.body.detail) {
        setError({ field: 'password', text: failure.body.detail });
      } else {
        setError({ field: 'form', key: 'users.errors.login' });
      }
    }
  };

  const noOptions = !isLoading && !isError && (options ?? []).length === 0;

  return (
    <main className="login-page" id="main">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('app.name')}</h1>
        <h2>{t('login.title')}</h2>
        {isLoading && <p role="status">{t('app.loading')}</p>}
        {noOptions && <p role="alert">{t('historian.errors.no_authentication_options')}</p>}
        {showForm && !noOptions && (
          <form onSubmit={onSubmit} noValidate>
            {formProviders.length > 1 && (
              <label className="field">
                <span>{t('login.provider')}</span>
                <select value={chosenProvider} onChange={(e) => setProvider(e.target.value)}>
                  {formProviders.map((p) => (
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
            <label className="field">
              <span>{t('login.password')}</span>
              <input
                name="Password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                aria-invalid={error?.field === 'password'}
                aria-describedby={error?.field === 'password' ? 'password-error' : undefined}
                onChange={(e) => setPassword(e.target.value)}
              />
              {error?.field === 'password' && (
                <span id="password-error" className="field-error">
                  {error.text}
                </span>
              )}
            </label>
            {error?.field === 'form' && (
              <p role="alert" className="form-error">
                {t(error.key)}
              </p>
            )}
            <button type="submit" className="primary" disabled={signingIn}>
              {signingIn ? t('login.signing_in') : t('login.submit')}
            </button>
          </form>
        )}
        {external.length > 0 && (
          <div className="external-providers">
            {external.map((p) => (
              <button key={p.UUID} type="button" onClick={() => setShowForm(false)} data-provider={p.ProviderName}>
                {t('login.login_with', { provider: p.ProviderName })}
              </button>
            ))}
            {!showForm && (
              <button type="button" onClick={() => setShowForm(true)}>
                {t('login.basic_login')}
              </button>
            )}
          </div>
        )}
      </section>
    </main>
  );
}
