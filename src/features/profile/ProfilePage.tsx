import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetAuthOptionsQuery } from '../../api/areas/session';
import { ChangePasswordForm } from '../../components/password/ChangePasswordForm';
import { Page } from '../../components/Page/Page';
import { RecorderToggle } from '../../components/RecorderToggle';
import { passwordChanged } from '../../state/session';
import { ApiTokens } from './ApiTokens';
import { ProfileSettings } from './ProfileSettings';
import './ProfilePage.css';

/** Only local users have a password here; LDAP and single sign-on users change it at their provider. */
function useHasLocalPassword(): boolean {
  const provider = useAppSelector((state) => state.session.userProvider);
  const { data: options } = useGetAuthOptionsQuery();
  return options?.some((option) => option.ProviderName === provider && option.ProviderType === 'local') ?? false;
}

function PasswordSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <section className="profile-section" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title">{t('users.change_password.title')}</h2>
      <ChangePasswordForm
        id="profile-password"
        submitLabel={t('users.change_password.submit')}
        onChanged={() => dispatch(passwordChanged())}
      />
    </section>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const hasLocalPassword = useHasLocalPassword();
  return (
    <Page title={t('pages.profile')} className="profile-page">
      <ProfileSettings />
      <RecorderToggle />
      {hasLocalPassword && <PasswordSection />}
      <ApiTokens />
    </Page>
  );
}
