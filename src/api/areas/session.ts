import { sessionEndpoints } from '../generated/session.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { byId, listTags, tagTypes, type EndpointTags, type Listed } from '../tags';

// The session's calls: sign-in, the signed-in user and what the app reads right after sign-in.
// The only area in the sign-in route's chunk; the others load with their pages.

/** What each endpoint provides or invalidates (see tags.ts). */
export const sessionTags = {
  // The signed-in user: the current user, their privileges and organizations.
  getCurrentUser: { providesTags: ['Session'] },
  updateCurrentUser: { invalidatesTags: ['Session'] },
  // The answer to getCurrentUser says whether the default password must still be changed.
  updateCurrentUserPassword: { invalidatesTags: ['Session'] },
  getCurrentUserOrganizations: { providesTags: ['Session'] },
  getCurrentUserPrivileges: { providesTags: ['Session'] },
  getCurrentUserManualEntryFormPrivileges: { providesTags: ['Session'] },
  getCurrentUserTokens: { providesTags: (list: Listed) => listTags('Tokens', list) },
  createCurrentUserToken: { invalidatesTags: [{ type: 'Tokens', id: 'LIST' }] },
  deleteCurrentUserToken: { invalidatesTags: byId('Tokens') },
  // Signing out resets the whole cache (app/UserMenu.tsx), nothing to refetch.
  login: { invalidatesTags: ['Session'] },
  logout: { invalidatesTags: [] },
  getAuthOptions: { providesTags: ['AuthOptions'] },
  getLicenseInfo: { providesTags: ['License'] },
  getInfo: { providesTags: [] },
  getTranslations: { providesTags: [] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts). */
const outcomes: Record<string, EndpointOutcome> = {
  updateCurrentUser: { success: { messageKey: 'profile.saved' }, error: { messageKey: 'profile.errors.update' } },
  // The password form shows the server's refusal on its field.
  updateCurrentUserPassword: { success: { messageKey: 'users.change_password.changed' } },
  createCurrentUserToken: { error: { messageKey: 'configurations.errors.generate_token' } },
  deleteCurrentUserToken: { error: { messageKey: 'profile.tokens.delete_failed' } },
};

export const sessionApi = withOutcomes(sessionEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: sessionTags }), outcomes);

export const {
  useGetCurrentUserQuery,
  useLazyGetCurrentUserQuery,
  useUpdateCurrentUserMutation,
  useUpdateCurrentUserPasswordMutation,
  useGetCurrentUserOrganizationsQuery,
  useLazyGetCurrentUserOrganizationsQuery,
  useGetCurrentUserPrivilegesQuery,
  useLazyGetCurrentUserPrivilegesQuery,
  useGetCurrentUserManualEntryFormPrivilegesQuery,
  useLazyGetCurrentUserManualEntryFormPrivilegesQuery,
  useGetCurrentUserTokensQuery,
  useLazyGetCurrentUserTokensQuery,
  useCreateCurrentUserTokenMutation,
  useDeleteCurrentUserTokenMutation,
  useGetAuthOptionsQuery,
  useLazyGetAuthOptionsQuery,
  useLoginMutation,
  useLogoutMutation,
  useGetInfoQuery,
  useLazyGetInfoQuery,
  useGetLicenseInfoQuery,
  useLazyGetLicenseInfoQuery,
  useGetTranslationsQuery,
  useLazyGetTranslationsQuery,
} = sessionApi;
