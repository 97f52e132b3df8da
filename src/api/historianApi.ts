import { generatedApi } from './generated/historian.gen';

// The one place components import API hooks from. Tags with ids plus a LIST sentinel let a change
// to one item refresh exactly the queries that show it.
export const historianApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['Session'],
  endpoints: {
    getCurrentUser: { providesTags: ['Session'] },
    getCurrentUserPrivileges: { providesTags: ['Session'] },
    getCurrentUserOrganizations: { providesTags: ['Session'] },
    getCurrentUserManualEntryFormPrivileges: { providesTags: ['Session'] },
    login: { invalidatesTags: ['Session'] },
  },
});

export const {
  useGetInfoQuery,
  useGetAuthOptionsQuery,
  useLoginMutation,
  useLogoutMutation,
  useGetCurrentUserQuery,
  useLazyGetCurrentUserPrivilegesQuery,
  useLazyGetCurrentUserManualEntryFormPrivilegesQuery,
  useLazyGetCurrentUserOrganizationsQuery,
  useGetTranslationsQuery,
} = historianApi;
