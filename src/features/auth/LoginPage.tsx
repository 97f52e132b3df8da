import { lazy, Suspense, useMemo, useState } from 'react';
import type { AuthOption } from '../../api/generated/historian.gen';
import { useGetAuthOptionsQuery } from '../../api/areas/session';
import { LoginForm } from './LoginForm';
import { externalProviders, sortFormProviders } from './sortProviders';
import { useLoginFlow } from './useLoginFlow';
import { useSignInTranslation, WithI18next } from '../../i18n/signInTexts';

// Only a user still holding the default password needs the dialog, so its code (the modal and the
// form fields) stays out of the sign-in route's first download.
const ForcedPasswordChange = lazy(async () => ({ default: (await import('./ForcedPasswordChange')).ForcedPasswordChange }));

export function LoginPage() {
  const { t } = useSignInTranslation();
  const { data: options, isLoading, isError } = useGetAuthOptionsQuery();
  const formProviders = useMemo(() => sortFormProviders(options ?? []), [options]);
  const external = useMemo(() => externalProviders(options ?? []), [options]);
  const flow = useLoginFlow();
  // SPEC §2: the form comes first; choosing an external provider hides it until 'basic login'.
  const [showForm, setShowForm] = useState(true);
  const noOptions = !isLoading && !isError && (options ?? []).length === 0;
  const error = flow.error;

  const startExternal = (option: AuthOption) => {
    setShowForm(false);
    void flow.signInExternally(option);
  };

  return (
    <main className="login-page" id="main">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('app.name')}</h1>
        <h2>{t('login.title')}</h2>
        {isLoading && <p role="status">{t('app.loading')}</p>}
        {noOptions && <p role="alert">{t('historian.errors.no_authentication_options')}</p>}
        {showForm && !noOptions && !isLoading && (
          <LoginForm
            providers={formProviders}
            busy={flow.busy}
            passwordError={error?.field === 'password' ? error.text : null}
            onSubmit={(provider, name, password) => void flow.signInWithForm(provider, name, password)}
          />
        )}
        {error?.field === 'form' && (
          <p role="alert" className="form-error">
            {t(error.key)}
          </p>
        )}
        {!showForm && flow.busy && <p role="status">{t('login.external_waiting')}</p>}
        {external.length > 0 && (
          <div className="external-providers">
            {external.map((p) => (
              <button key={p.UUID} type="button" disabled={flow.busy} onClick={() => startExternal(p)}>
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
      {flow.pendingPasswordChange && (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <WithI18next>
            <ForcedPasswordChange onChanged={() => void flow.passwordChanged()} />
          </WithI18next>
        </Suspense>
      )}
    </main>
  );
}
