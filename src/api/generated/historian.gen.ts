import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<
      GetCurrentUserApiResponse,
      GetCurrentUserApiArg
    >({
      query: () => ({ url: `/current-user` }),
    }),
    updateCurrentUser: build.mutation<
      UpdateCurrentUserApiResponse,
      UpdateCurrentUserApiArg
    >({
      query: (queryArg) => ({
        url: `/current-user`,
        method: "PUT",
        body: queryArg.userUpdate,
      }),
    }),
    updateCurrentUserPassword: build.mutation<
      UpdateCurrentUserPasswordApiResponse,
      UpdateCurrentUserPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/current-user/password`,
        method: "PATCH",
        body: queryArg.passwordChange,
      }),
    }),
    getCurrentUserOrganizations: build.query<
      GetCurrentUserOrganizationsApiResponse,
      GetCurrentUserOrganizationsApiArg
    >({
      query: () => ({ url: `/current-user/organizations` }),
    }),
    getCurrentUserPrivileges: build.query<
      GetCurrentUserPrivilegesApiResponse,
      GetCurrentUserPrivilegesApiArg
    >({
      query: () => ({ url: `/current-user/privileges` }),
    }),
    getCurrentUserManualEntryFormPrivileges: build.query<
      GetCurrentUserManualEntryFormPrivilegesApiResponse,
      GetCurrentUserManualEntryFormPrivilegesApiArg
    >({
      query: () => ({ url: `/current-user/manual-entry-form-privileges` }),
    }),
    getCurrentUserTokens: build.query<
      GetCurrentUserTokensApiResponse,
      GetCurrentUserTokensApiArg
    >({
      query: () => ({ url: `/current-user/tokens` }),
    }),
    createCurrentUserToken: build.mutation<
      CreateCurrentUserTokenApiResponse,
      CreateCurrentUserTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/current-user/tokens`,
        method: "POST",
        body: queryArg.tokenCreate,
      }),
    }),
    deleteCurrentUserToken: build.mutation<
      DeleteCurrentUserTokenApiResponse,
      DeleteCurrentUserTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/current-user/tokens/${queryArg.id}`,
        method: "DELETE",
      }),
    }),
    getAuditLogs: build.query<GetAuditLogsApiResponse, GetAuditLogsApiArg>({
      query: (queryArg) => ({
        url: `/audit-logs`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          From: queryArg["from"],
          To: queryArg.to,
          Actions: queryArg.actions,
          Areas: queryArg.areas,
          SubjectTypes: queryArg.subjectTypes,
          Subject: queryArg.subject,
          User: queryArg.user,
          AllOrganizations: queryArg.allOrganizations,
          Order: queryArg.order,
        },
      }),
    }),
    exportAuditLogs: build.mutation<
      ExportAuditLogsApiResponse,
      ExportAuditLogsApiArg
    >({
      query: (queryArg) => ({
        url: `/audit-logs/export`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          From: queryArg["from"],
          To: queryArg.to,
          Actions: queryArg.actions,
          Areas: queryArg.areas,
          SubjectTypes: queryArg.subjectTypes,
          Subject: queryArg.subject,
          User: queryArg.user,
          AllOrganizations: queryArg.allOrganizations,
          Order: queryArg.order,
        },
      }),
    }),
    getAuditChainVerification: build.query<
      GetAuditChainVerificationApiResponse,
      GetAuditChainVerificationApiArg
    >({
      query: (queryArg) => ({
        url: `/audit-logs/verification`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAuditLog: build.query<GetAuditLogApiResponse, GetAuditLogApiArg>({
      query: (queryArg) => ({
        url: `/audit-logs/${queryArg.uuid}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          AllOrganizations: queryArg.allOrganizations,
        },
      }),
    }),
    importMeasurementsDryRun: build.mutation<
      ImportMeasurementsDryRunApiResponse,
      ImportMeasurementsDryRunApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/import/dry-run`,
        method: "POST",
        body: queryArg.measurementImportUpload,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    importMeasurements: build.mutation<
      ImportMeasurementsApiResponse,
      ImportMeasurementsApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/import`,
        method: "POST",
        body: queryArg.measurementImportApply,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTaskSchedulers: build.query<
      GetTaskSchedulersApiResponse,
      GetTaskSchedulersApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createTaskScheduler: build.mutation<
      CreateTaskSchedulerApiResponse,
      CreateTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers`,
        method: "POST",
        body: queryArg.taskScheduler,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTaskSchedulerPreview: build.query<
      GetTaskSchedulerPreviewApiResponse,
      GetTaskSchedulerPreviewApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/preview`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          RRule: queryArg.rRule,
          Timezone: queryArg.timezone,
          Count: queryArg.count,
        },
      }),
    }),
    getTaskSchedulerMeasurements: build.query<
      GetTaskSchedulerMeasurementsApiResponse,
      GetTaskSchedulerMeasurementsApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/measurements`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTaskScheduler: build.query<
      GetTaskSchedulerApiResponse,
      GetTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateTaskScheduler: build.mutation<
      UpdateTaskSchedulerApiResponse,
      UpdateTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/${queryArg.id}`,
        method: "PUT",
        body: queryArg.taskScheduler,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteTaskScheduler: build.mutation<
      DeleteTaskSchedulerApiResponse,
      DeleteTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    runTaskScheduler: build.mutation<
      RunTaskSchedulerApiResponse,
      RunTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/${queryArg.id}/run`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getMeasurements: build.query<
      GetMeasurementsApiResponse,
      GetMeasurementsApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
          Statuses: queryArg.statuses,
          Labels: queryArg.labels,
          DatabaseUUIDs: queryArg.databaseUuiDs,
          CollectorUUIDs: queryArg.collectorUuiDs,
          Datatypes: queryArg.datatypes,
          Quality: queryArg.quality,
          ExcludeCalculations: queryArg.excludeCalculations,
          OnlyCalculations: queryArg.onlyCalculations,
          Sort: queryArg.sort,
        },
      }),
    }),
    createMeasurement: build.mutation<
      CreateMeasurementApiResponse,
      CreateMeasurementApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements`,
        method: "POST",
        body: queryArg.measurement,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateMeasurementsStatus: build.mutation<
      UpdateMeasurementsStatusApiResponse,
      UpdateMeasurementsStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/status`,
        method: "PATCH",
        body: queryArg.measurementStatusChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateMeasurementsLabels: build.mutation<
      UpdateMeasurementsLabelsApiResponse,
      UpdateMeasurementsLabelsApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/labels`,
        method: "PATCH",
        body: queryArg.measurementLabelsChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getMeasurement: build.query<
      GetMeasurementApiResponse,
      GetMeasurementApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateMeasurement: build.mutation<
      UpdateMeasurementApiResponse,
      UpdateMeasurementApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/${queryArg.id}`,
        method: "PUT",
        body: queryArg.measurement,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteMeasurement: build.mutation<
      DeleteMeasurementApiResponse,
      DeleteMeasurementApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getMeasurementLabels: build.query<
      GetMeasurementLabelsApiResponse,
      GetMeasurementLabelsApiArg
    >({
      query: (queryArg) => ({
        url: `/measurement-labels`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Keyword: queryArg.keyword,
        },
      }),
    }),
    getUsers: build.query<GetUsersApiResponse, GetUsersApiArg>({
      query: (queryArg) => ({
        url: `/users`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
          AllOrganizations: queryArg.allOrganizations,
        },
      }),
    }),
    createUser: build.mutation<CreateUserApiResponse, CreateUserApiArg>({
      query: (queryArg) => ({
        url: `/users`,
        method: "POST",
        body: queryArg.userCreate,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUser: build.query<GetUserApiResponse, GetUserApiArg>({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateUser: build.mutation<UpdateUserApiResponse, UpdateUserApiArg>({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}`,
        method: "PUT",
        body: queryArg.userUpdate,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteUser: build.mutation<DeleteUserApiResponse, DeleteUserApiArg>({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateUserPassword: build.mutation<
      UpdateUserPasswordApiResponse,
      UpdateUserPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}/password`,
        method: "PATCH",
        body: queryArg.passwordChange,
      }),
    }),
    getUserAccess: build.query<GetUserAccessApiResponse, GetUserAccessApiArg>({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}/access`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserTokens: build.query<GetUserTokensApiResponse, GetUserTokensApiArg>({
      query: (queryArg) => ({ url: `/users/${queryArg.id}/tokens` }),
    }),
    createUserToken: build.mutation<
      CreateUserTokenApiResponse,
      CreateUserTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}/tokens`,
        method: "POST",
        body: queryArg.tokenCreate,
      }),
    }),
    deleteUserToken: build.mutation<
      DeleteUserTokenApiResponse,
      DeleteUserTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}/tokens/${queryArg.tokenId}`,
        method: "DELETE",
      }),
    }),
    getAuthOptions: build.query<
      GetAuthOptionsApiResponse,
      GetAuthOptionsApiArg
    >({
      query: () => ({ url: `/auth/list` }),
    }),
    login: build.mutation<LoginApiResponse, LoginApiArg>({
      query: (queryArg) => ({
        url: `/auth/${queryArg.provider}/login`,
        method: "POST",
        body: queryArg.loginCredentials,
      }),
    }),
    logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
      query: (queryArg) => ({
        url: `/auth/${queryArg.provider}/logout`,
        method: "GET",
      }),
    }),
    getOrganizations: build.query<
      GetOrganizationsApiResponse,
      GetOrganizationsApiArg
    >({
      query: (queryArg) => ({
        url: `/organizations`,
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
        },
      }),
    }),
    createOrganization: build.mutation<
      CreateOrganizationApiResponse,
      CreateOrganizationApiArg
    >({
      query: (queryArg) => ({
        url: `/organizations`,
        method: "POST",
        body: queryArg.organization,
      }),
    }),
    getOrganization: build.query<
      GetOrganizationApiResponse,
      GetOrganizationApiArg
    >({
      query: (queryArg) => ({ url: `/organizations/${queryArg.id}` }),
    }),
    updateOrganization: build.mutation<
      UpdateOrganizationApiResponse,
      UpdateOrganizationApiArg
    >({
      query: (queryArg) => ({
        url: `/organizations/${queryArg.id}`,
        method: "PUT",
        body: queryArg.organization,
      }),
    }),
    deleteOrganization: build.mutation<
      DeleteOrganizationApiResponse,
      DeleteOrganizationApiArg
    >({
      query: (queryArg) => ({
        url: `/organizations/${queryArg.id}`,
        method: "DELETE",
        params: {
          confirm: queryArg.confirm,
        },
      }),
    }),
    getPrivileges: build.query<GetPrivilegesApiResponse, GetPrivilegesApiArg>({
      query: () => ({ url: `/privileges` }),
    }),
    getInfo: build.query<GetInfoApiResponse, GetInfoApiArg>({
      query: () => ({ url: `/info` }),
    }),
    getSettings: build.query<GetSettingsApiResponse, GetSettingsApiArg>({
      query: (queryArg) => ({
        url: `/settings`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          OrganizationUUID: queryArg.organizationUuid,
        },
      }),
    }),
    updateSettingsBatch: build.mutation<
      UpdateSettingsBatchApiResponse,
      UpdateSettingsBatchApiArg
    >({
      query: (queryArg) => ({
        url: `/settings/batch`,
        method: "PUT",
        body: queryArg.body,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateSetting: build.mutation<
      UpdateSettingApiResponse,
      UpdateSettingApiArg
    >({
      query: (queryArg) => ({
        url: `/settings/${queryArg.id}`,
        method: "PUT",
        body: queryArg.setting,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getCollectors: build.query<GetCollectorsApiResponse, GetCollectorsApiArg>({
      query: (queryArg) => ({
        url: `/collectors`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createCollector: build.mutation<
      CreateCollectorApiResponse,
      CreateCollectorApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors`,
        method: "POST",
        body: queryArg.collector,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateCollector: build.mutation<
      UpdateCollectorApiResponse,
      UpdateCollectorApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}`,
        method: "PUT",
        body: queryArg.collector,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteCollector: build.mutation<
      DeleteCollectorApiResponse,
      DeleteCollectorApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateCollectorStatus: build.mutation<
      UpdateCollectorStatusApiResponse,
      UpdateCollectorStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/status`,
        method: "PATCH",
        body: queryArg.collectorStatusChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getCollectorToken: build.mutation<
      GetCollectorTokenApiResponse,
      GetCollectorTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/token`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getCollectorTemplate: build.mutation<
      GetCollectorTemplateApiResponse,
      GetCollectorTemplateApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/template`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getCollectorHealthHistory: build.query<
      GetCollectorHealthHistoryApiResponse,
      GetCollectorHealthHistoryApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/collector-health-history`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
        },
      }),
    }),
    startCollectorUpdate: build.mutation<
      StartCollectorUpdateApiResponse,
      StartCollectorUpdateApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/start-update`,
        method: "POST",
        body: queryArg.collectorUpdateStart,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getProductUpdates: build.query<
      GetProductUpdatesApiResponse,
      GetProductUpdatesApiArg
    >({
      query: () => ({ url: `/product-updates` }),
    }),
    createProductUpdate: build.mutation<
      CreateProductUpdateApiResponse,
      CreateProductUpdateApiArg
    >({
      query: (queryArg) => ({
        url: `/product-updates`,
        method: "POST",
        body: queryArg.productUpdateUpload,
      }),
    }),
    deleteProductUpdate: build.mutation<
      DeleteProductUpdateApiResponse,
      DeleteProductUpdateApiArg
    >({
      query: (queryArg) => ({
        url: `/product-updates/${queryArg.id}`,
        method: "DELETE",
      }),
    }),
    getLicenseFingerprint: build.query<
      GetLicenseFingerprintApiResponse,
      GetLicenseFingerprintApiArg
    >({
      query: () => ({ url: `/license/fingerprint` }),
    }),
    getLicenseInfo: build.query<
      GetLicenseInfoApiResponse,
      GetLicenseInfoApiArg
    >({
      query: () => ({ url: `/license/info` }),
    }),
    activateLicense: build.mutation<
      ActivateLicenseApiResponse,
      ActivateLicenseApiArg
    >({
      query: (queryArg) => ({
        url: `/license`,
        method: "POST",
        body: queryArg.licenseActivation,
      }),
    }),
    getJobs: build.query<GetJobsApiResponse, GetJobsApiArg>({
      query: (queryArg) => ({
        url: `/jobs`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          States: queryArg.states,
          Types: queryArg.types,
          TaskSchedulerUUID: queryArg.taskSchedulerUuid,
          Mine: queryArg.mine,
          Limit: queryArg.limit,
          Page: queryArg.page,
        },
      }),
    }),
    getJob: build.query<GetJobApiResponse, GetJobApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getJobLogs: build.query<GetJobLogsApiResponse, GetJobLogsApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}/logs`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    pauseJob: build.mutation<PauseJobApiResponse, PauseJobApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}/pause`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    resumeJob: build.mutation<ResumeJobApiResponse, ResumeJobApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}/resume`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    cancelJob: build.mutation<CancelJobApiResponse, CancelJobApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}/cancel`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    queryTimeseries: build.query<
      QueryTimeseriesApiResponse,
      QueryTimeseriesApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries/query`,
        method: "POST",
        body: queryArg.timeseriesQuery,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAssets: build.query<GetAssetsApiResponse, GetAssetsApiArg>({
      query: (queryArg) => ({
        url: `/assets`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
          Path: queryArg.path,
          Roots: queryArg.roots,
          ParentUUIDs: queryArg.parentUuiDs,
          UUIDs: queryArg.uuiDs,
          PrototypeUUIDs: queryArg.prototypeUuiDs,
          LinkStatuses: queryArg.linkStatuses,
          Statuses: queryArg.statuses,
        },
      }),
    }),
    createAsset: build.mutation<CreateAssetApiResponse, CreateAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets`,
        method: "POST",
        body: queryArg.asset,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAsset: build.query<GetAssetApiResponse, GetAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateAsset: build.mutation<UpdateAssetApiResponse, UpdateAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets/${queryArg.id}`,
        method: "PUT",
        body: queryArg.asset,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteAsset: build.mutation<DeleteAssetApiResponse, DeleteAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Cascade: queryArg.cascade,
        },
      }),
    }),
    moveAsset: build.mutation<MoveAssetApiResponse, MoveAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets/${queryArg.id}/parent`,
        method: "PATCH",
        body: queryArg.assetMove,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAssetProperties: build.query<
      GetAssetPropertiesApiResponse,
      GetAssetPropertiesApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          AssetUUIDs: queryArg.assetUuiDs,
          Recursive: queryArg.recursive,
          Keyword: queryArg.keyword,
          Datatypes: queryArg.datatypes,
          LinkStatuses: queryArg.linkStatuses,
        },
      }),
    }),
    createAssetProperty: build.mutation<
      CreateAssetPropertyApiResponse,
      CreateAssetPropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties`,
        method: "POST",
        body: queryArg.assetProperty,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAssetProperty: build.query<
      GetAssetPropertyApiResponse,
      GetAssetPropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateAssetProperty: build.mutation<
      UpdateAssetPropertyApiResponse,
      UpdateAssetPropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties/${queryArg.id}`,
        method: "PUT",
        body: queryArg.assetProperty,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteAssetProperty: build.mutation<
      DeleteAssetPropertyApiResponse,
      DeleteAssetPropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getPrototypes: build.query<GetPrototypesApiResponse, GetPrototypesApiArg>({
      query: (queryArg) => ({
        url: `/prototypes`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createPrototype: build.mutation<
      CreatePrototypeApiResponse,
      CreatePrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes`,
        method: "POST",
        body: queryArg.prototype,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getPrototype: build.query<GetPrototypeApiResponse, GetPrototypeApiArg>({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updatePrototype: build.mutation<
      UpdatePrototypeApiResponse,
      UpdatePrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}`,
        method: "PUT",
        body: queryArg.prototype,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deletePrototype: build.mutation<
      DeletePrototypeApiResponse,
      DeletePrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    instantiatePrototype: build.mutation<
      InstantiatePrototypeApiResponse,
      InstantiatePrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}/instances`,
        method: "POST",
        body: queryArg.prototypeInstantiation,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    linkPrototype: build.mutation<
      LinkPrototypeApiResponse,
      LinkPrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}/links`,
        method: "POST",
        body: queryArg.prototypeLink,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    unlinkPrototype: build.mutation<
      UnlinkPrototypeApiResponse,
      UnlinkPrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}/links/${queryArg.assetId}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    planPrototype: build.mutation<
      PlanPrototypeApiResponse,
      PlanPrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}/plans`,
        method: "POST",
        body: queryArg.prototypePlanRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getPrototypePlan: build.query<
      GetPrototypePlanApiResponse,
      GetPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    applyPrototypePlan: build.mutation<
      ApplyPrototypePlanApiResponse,
      ApplyPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}/apply`,
        method: "POST",
        body: queryArg.prototypePlanChoices,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    undoPrototypePlan: build.mutation<
      UndoPrototypePlanApiResponse,
      UndoPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}/undo`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    exportPrototypePlan: build.mutation<
      ExportPrototypePlanApiResponse,
      ExportPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}/spreadsheet`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    importPrototypePlan: build.mutation<
      ImportPrototypePlanApiResponse,
      ImportPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}/spreadsheet`,
        method: "POST",
        body: queryArg.prototypePlanUpload,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventTypes: build.query<GetEventTypesApiResponse, GetEventTypesApiArg>({
      query: (queryArg) => ({
        url: `/event-types`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createEventType: build.mutation<
      CreateEventTypeApiResponse,
      CreateEventTypeApiArg
    >({
      query: (queryArg) => ({
        url: `/event-types`,
        method: "POST",
        body: queryArg.eventTypeDefinition,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventType: build.query<GetEventTypeApiResponse, GetEventTypeApiArg>({
      query: (queryArg) => ({
        url: `/event-types/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEventType: build.mutation<
      UpdateEventTypeApiResponse,
      UpdateEventTypeApiArg
    >({
      query: (queryArg) => ({
        url: `/event-types/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventTypeDefinition,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEventType: build.mutation<
      DeleteEventTypeApiResponse,
      DeleteEventTypeApiArg
    >({
      query: (queryArg) => ({
        url: `/event-types/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventTypeProperties: build.query<
      GetEventTypePropertiesApiResponse,
      GetEventTypePropertiesApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          EventTypeUUIDs: queryArg.eventTypeUuiDs,
        },
      }),
    }),
    createEventTypeProperty: build.mutation<
      CreateEventTypePropertyApiResponse,
      CreateEventTypePropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties`,
        method: "POST",
        body: queryArg.eventTypeProperty,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventTypeProperty: build.query<
      GetEventTypePropertyApiResponse,
      GetEventTypePropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEventTypeProperty: build.mutation<
      UpdateEventTypePropertyApiResponse,
      UpdateEventTypePropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventTypeProperty,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEventTypeProperty: build.mutation<
      DeleteEventTypePropertyApiResponse,
      DeleteEventTypePropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventTypePropertyValues: build.query<
      GetEventTypePropertyValuesApiResponse,
      GetEventTypePropertyValuesApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties/${queryArg.id}/values`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
        },
      }),
    }),
    getEventConfigurations: build.query<
      GetEventConfigurationsApiResponse,
      GetEventConfigurationsApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          AssetUUIDs: queryArg.assetUuiDs,
          EventTypeUUIDs: queryArg.eventTypeUuiDs,
          StartSources: queryArg.startSources,
          States: queryArg.states,
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createEventConfiguration: build.mutation<
      CreateEventConfigurationApiResponse,
      CreateEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations`,
        method: "POST",
        body: queryArg.eventConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventConfiguration: build.query<
      GetEventConfigurationApiResponse,
      GetEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEventConfiguration: build.mutation<
      UpdateEventConfigurationApiResponse,
      UpdateEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEventConfiguration: build.mutation<
      DeleteEventConfigurationApiResponse,
      DeleteEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Cascade: queryArg.cascade,
        },
      }),
    }),
    setEventConfigurationState: build.mutation<
      SetEventConfigurationStateApiResponse,
      SetEventConfigurationStateApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}/state`,
        method: "PATCH",
        body: queryArg.eventConfigurationStateChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventConfigurationLogs: build.query<
      GetEventConfigurationLogsApiResponse,
      GetEventConfigurationLogsApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}/logs`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Levels: queryArg.levels,
        },
      }),
    }),
    reevaluateEventConfiguration: build.mutation<
      ReevaluateEventConfigurationApiResponse,
      ReevaluateEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}/re-evaluate`,
        method: "POST",
        body: queryArg.eventReevaluation,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventPropertyConfigurations: build.query<
      GetEventPropertyConfigurationsApiResponse,
      GetEventPropertyConfigurationsApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          EventConfigurationUUIDs: queryArg.eventConfigurationUuiDs,
        },
      }),
    }),
    createEventPropertyConfiguration: build.mutation<
      CreateEventPropertyConfigurationApiResponse,
      CreateEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations`,
        method: "POST",
        body: queryArg.eventPropertyConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventPropertyConfiguration: build.query<
      GetEventPropertyConfigurationApiResponse,
      GetEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEventPropertyConfiguration: build.mutation<
      UpdateEventPropertyConfigurationApiResponse,
      UpdateEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventPropertyConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEventPropertyConfiguration: build.mutation<
      DeleteEventPropertyConfigurationApiResponse,
      DeleteEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    reevaluateEventPropertyConfiguration: build.mutation<
      ReevaluateEventPropertyConfigurationApiResponse,
      ReevaluateEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations/${queryArg.id}/re-evaluate`,
        method: "POST",
        body: queryArg.eventReevaluation,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEvents: build.query<GetEventsApiResponse, GetEventsApiArg>({
      query: (queryArg) => ({
        url: `/events`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          StartTime: queryArg.startTime,
          StopTime: queryArg.stopTime,
          AssetUUIDs: queryArg.assetUuiDs,
          EventTypeUUIDs: queryArg.eventTypeUuiDs,
          EventConfigurationUUIDs: queryArg.eventConfigurationUuiDs,
          Statuses: queryArg.statuses,
          PropertyFilter: queryArg.propertyFilter,
          ExcludeManualEvents: queryArg.excludeManualEvents,
          PreloadProperties: queryArg.preloadProperties,
          Sort: queryArg.sort,
          Ascending: queryArg.ascending,
        },
      }),
    }),
    createEvent: build.mutation<CreateEventApiResponse, CreateEventApiArg>({
      query: (queryArg) => ({
        url: `/events`,
        method: "POST",
        body: queryArg.eventWrite,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEvent: build.query<GetEventApiResponse, GetEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEvent: build.mutation<UpdateEventApiResponse, UpdateEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventWrite,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEvent: build.mutation<DeleteEventApiResponse, DeleteEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    mergeEvent: build.mutation<MergeEventApiResponse, MergeEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}/merge`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    splitEvent: build.mutation<SplitEventApiResponse, SplitEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}/split`,
        method: "POST",
        body: queryArg.eventSplit,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getManualEntryForms: build.query<
      GetManualEntryFormsApiResponse,
      GetManualEntryFormsApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createManualEntryForm: build.mutation<
      CreateManualEntryFormApiResponse,
      CreateManualEntryFormApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms`,
        method: "POST",
        body: queryArg.manualEntryForm,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getManualEntryForm: build.query<
      GetManualEntryFormApiResponse,
      GetManualEntryFormApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateManualEntryForm: build.mutation<
      UpdateManualEntryFormApiResponse,
      UpdateManualEntryFormApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}`,
        method: "PUT",
        body: queryArg.manualEntryForm,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteManualEntryForm: build.mutation<
      DeleteManualEntryFormApiResponse,
      DeleteManualEntryFormApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getManualEntryFormAccess: build.query<
      GetManualEntryFormAccessApiResponse,
      GetManualEntryFormAccessApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/access`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    replaceManualEntryFormAccess: build.mutation<
      ReplaceManualEntryFormAccessApiResponse,
      ReplaceManualEntryFormAccessApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/access`,
        method: "PUT",
        body: queryArg.body,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getManualEntryFormEntries: build.query<
      GetManualEntryFormEntriesApiResponse,
      GetManualEntryFormEntriesApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/entries`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          From: queryArg["from"],
          To: queryArg.to,
        },
      }),
    }),
    writeManualEntryEventValues: build.mutation<
      WriteManualEntryEventValuesApiResponse,
      WriteManualEntryEventValuesApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/events/${queryArg.eventId}`,
        method: "PUT",
        body: queryArg.manualEntryEventWrite,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    writeManualEntryAssetValues: build.mutation<
      WriteManualEntryAssetValuesApiResponse,
      WriteManualEntryAssetValuesApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/values`,
        method: "POST",
        body: queryArg.manualEntryValuesWrite,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testCalculation: build.mutation<
      TestCalculationApiResponse,
      TestCalculationApiArg
    >({
      query: (queryArg) => ({
        url: `/calculations/test`,
        method: "POST",
        body: queryArg.calculationTest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getCalculationContext: build.query<
      GetCalculationContextApiResponse,
      GetCalculationContextApiArg
    >({
      query: (queryArg) => ({
        url: `/calculations/${queryArg.id}/context`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateCalculationContext: build.mutation<
      UpdateCalculationContextApiResponse,
      UpdateCalculationContextApiArg
    >({
      query: (queryArg) => ({
        url: `/calculations/${queryArg.id}/context`,
        method: "PUT",
        body: queryArg.calculationContextUpdate,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    backfillCalculation: build.mutation<
      BackfillCalculationApiResponse,
      BackfillCalculationApiArg
    >({
      query: (queryArg) => ({
        url: `/calculations/${queryArg.id}/backfill`,
        method: "POST",
        body: queryArg.calculationBackfill,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTimeseriesDatabases: build.query<
      GetTimeseriesDatabasesApiResponse,
      GetTimeseriesDatabasesApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createTimeseriesDatabase: build.mutation<
      CreateTimeseriesDatabaseApiResponse,
      CreateTimeseriesDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases`,
        method: "POST",
        body: queryArg.timeseriesDatabase,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          createDatabase: queryArg.createDatabase,
        },
      }),
    }),
    updateTimeseriesDatabase: build.mutation<
      UpdateTimeseriesDatabaseApiResponse,
      UpdateTimeseriesDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/${queryArg.id}`,
        method: "PUT",
        body: queryArg.timeseriesDatabase,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          createDatabase: queryArg.createDatabase,
        },
      }),
    }),
    deleteTimeseriesDatabase: build.mutation<
      DeleteTimeseriesDatabaseApiResponse,
      DeleteTimeseriesDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testTimeseriesDatabase: build.mutation<
      TestTimeseriesDatabaseApiResponse,
      TestTimeseriesDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/${queryArg.id}/test`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTimeseriesDatabaseReachability: build.query<
      GetTimeseriesDatabaseReachabilityApiResponse,
      GetTimeseriesDatabaseReachabilityApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/${queryArg.id}/reachability`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testTimeseriesDatabaseSettings: build.mutation<
      TestTimeseriesDatabaseSettingsApiResponse,
      TestTimeseriesDatabaseSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/test`,
        method: "POST",
        body: queryArg.timeseriesDatabaseTest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTimeseriesDatabaseTypes: build.query<
      GetTimeseriesDatabaseTypesApiResponse,
      GetTimeseriesDatabaseTypesApiArg
    >({
      query: () => ({ url: `/timeseries-database-types` }),
    }),
    getTableSetting: build.query<
      GetTableSettingApiResponse,
      GetTableSettingApiArg
    >({
      query: (queryArg) => ({
        url: `/table_setting/`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          id: queryArg.id,
        },
      }),
    }),
    createTableSetting: build.mutation<
      CreateTableSettingApiResponse,
      CreateTableSettingApiArg
    >({
      query: (queryArg) => ({
        url: `/table_settings`,
        method: "POST",
        body: queryArg.tableSetting,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateTableSetting: build.mutation<
      UpdateTableSettingApiResponse,
      UpdateTableSettingApiArg
    >({
      query: (queryArg) => ({
        url: `/table_settings/${queryArg.pk}`,
        method: "PUT",
        body: queryArg.tableSetting,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserGroups: build.query<GetUserGroupsApiResponse, GetUserGroupsApiArg>({
      query: (queryArg) => ({
        url: `/user-groups`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createUserGroup: build.mutation<
      CreateUserGroupApiResponse,
      CreateUserGroupApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups`,
        method: "POST",
        body: queryArg.userGroup,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserGroup: build.query<GetUserGroupApiResponse, GetUserGroupApiArg>({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateUserGroup: build.mutation<
      UpdateUserGroupApiResponse,
      UpdateUserGroupApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}`,
        method: "PUT",
        body: queryArg.userGroup,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteUserGroup: build.mutation<
      DeleteUserGroupApiResponse,
      DeleteUserGroupApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserGroupUsers: build.query<
      GetUserGroupUsersApiResponse,
      GetUserGroupUsersApiArg
    >({
      query: (queryArg) => ({
        url: `/user-group-users`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          UserGroupUUID: queryArg.userGroupUuid,
          UserUUID: queryArg.userUuid,
        },
      }),
    }),
    createUserGroupUser: build.mutation<
      CreateUserGroupUserApiResponse,
      CreateUserGroupUserApiArg
    >({
      query: (queryArg) => ({
        url: `/user-group-users`,
        method: "POST",
        body: queryArg.userGroupUserCreate,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteUserGroupUser: build.mutation<
      DeleteUserGroupUserApiResponse,
      DeleteUserGroupUserApiArg
    >({
      query: (queryArg) => ({
        url: `/user-group-users/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserGroupPrivileges: build.query<
      GetUserGroupPrivilegesApiResponse,
      GetUserGroupPrivilegesApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/privileges`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createUserGroupPrivilege: build.mutation<
      CreateUserGroupPrivilegeApiResponse,
      CreateUserGroupPrivilegeApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/privileges`,
        method: "POST",
        body: queryArg.groupPrivilege,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    replaceUserGroupPrivileges: build.mutation<
      ReplaceUserGroupPrivilegesApiResponse,
      ReplaceUserGroupPrivilegesApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/privileges`,
        method: "PUT",
        body: queryArg.groupPrivilegeSet,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
          "x-audit-reason": queryArg["x-audit-reason"],
        },
      }),
    }),
    deleteUserGroupPrivilege: build.mutation<
      DeleteUserGroupPrivilegeApiResponse,
      DeleteUserGroupPrivilegeApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/privileges/${queryArg.privilegeId}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserGroupMappings: build.query<
      GetUserGroupMappingsApiResponse,
      GetUserGroupMappingsApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/mapping`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createUserGroupMapping: build.mutation<
      CreateUserGroupMappingApiResponse,
      CreateUserGroupMappingApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/mapping`,
        method: "POST",
        body: queryArg.userGroupMapping,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateUserGroupMapping: build.mutation<
      UpdateUserGroupMappingApiResponse,
      UpdateUserGroupMappingApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/mapping/${queryArg.mappingId}`,
        method: "PUT",
        body: queryArg.userGroupMapping,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteUserGroupMapping: build.mutation<
      DeleteUserGroupMappingApiResponse,
      DeleteUserGroupMappingApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/mapping/${queryArg.mappingId}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAuthenticationProviders: build.query<
      GetAuthenticationProvidersApiResponse,
      GetAuthenticationProvidersApiArg
    >({
      query: () => ({ url: `/authentication-providers` }),
    }),
    createAuthenticationProvider: build.mutation<
      CreateAuthenticationProviderApiResponse,
      CreateAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers`,
        method: "POST",
        body: queryArg.authenticationProvider,
      }),
    }),
    testAuthenticationProvider: build.mutation<
      TestAuthenticationProviderApiResponse,
      TestAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers/test`,
        method: "POST",
        body: queryArg.authenticationProviderTest,
      }),
    }),
    getAuthenticationProvider: build.query<
      GetAuthenticationProviderApiResponse,
      GetAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers/${queryArg.id}`,
      }),
    }),
    updateAuthenticationProvider: build.mutation<
      UpdateAuthenticationProviderApiResponse,
      UpdateAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers/${queryArg.id}`,
        method: "PUT",
        body: queryArg.authenticationProvider,
      }),
    }),
    deleteAuthenticationProvider: build.mutation<
      DeleteAuthenticationProviderApiResponse,
      DeleteAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers/${queryArg.id}`,
        method: "DELETE",
      }),
    }),
    getAuthenticationProviderTypes: build.query<
      GetAuthenticationProviderTypesApiResponse,
      GetAuthenticationProviderTypesApiArg
    >({
      query: () => ({ url: `/authentication-provider-types` }),
    }),
    getTranslations: build.query<
      GetTranslationsApiResponse,
      GetTranslationsApiArg
    >({
      query: (queryArg) => ({
        url: `/translations/${queryArg.lng}/${queryArg.ns}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getSinkTypes: build.query<GetSinkTypesApiResponse, GetSinkTypesApiArg>({
      query: (queryArg) => ({
        url: `/sink-types`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getSinks: build.query<GetSinksApiResponse, GetSinksApiArg>({
      query: (queryArg) => ({
        url: `/sinks`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createSink: build.mutation<CreateSinkApiResponse, CreateSinkApiArg>({
      query: (queryArg) => ({
        url: `/sinks`,
        method: "POST",
        body: queryArg.sink,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testSinkSettings: build.mutation<
      TestSinkSettingsApiResponse,
      TestSinkSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/sinks/test`,
        method: "POST",
        body: queryArg.sinkTest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getSink: build.query<GetSinkApiResponse, GetSinkApiArg>({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateSink: build.mutation<UpdateSinkApiResponse, UpdateSinkApiArg>({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}`,
        method: "PUT",
        body: queryArg.sink,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteSink: build.mutation<DeleteSinkApiResponse, DeleteSinkApiArg>({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    setSinkState: build.mutation<SetSinkStateApiResponse, SetSinkStateApiArg>({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}/state`,
        method: "PUT",
        body: queryArg.serviceStateChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getSinkStatistics: build.query<
      GetSinkStatisticsApiResponse,
      GetSinkStatisticsApiArg
    >({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}/statistics`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getForwarders: build.query<GetForwardersApiResponse, GetForwardersApiArg>({
      query: (queryArg) => ({
        url: `/forwarders`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          SinkUUID: queryArg.sinkUuid,
        },
      }),
    }),
    createForwarder: build.mutation<
      CreateForwarderApiResponse,
      CreateForwarderApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders`,
        method: "POST",
        body: queryArg.forwarder,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    previewForwarder: build.mutation<
      PreviewForwarderApiResponse,
      PreviewForwarderApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/preview`,
        method: "POST",
        body: queryArg.forwarderPreviewRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    previewForwarderSelection: build.mutation<
      PreviewForwarderSelectionApiResponse,
      PreviewForwarderSelectionApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/selection`,
        method: "POST",
        body: queryArg.forwarderSelection,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    sendForwarderTestMessage: build.mutation<
      SendForwarderTestMessageApiResponse,
      SendForwarderTestMessageApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/test-message`,
        method: "POST",
        body: queryArg.forwarderTestMessageRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getForwarder: build.query<GetForwarderApiResponse, GetForwarderApiArg>({
      query: (queryArg) => ({
        url: `/forwarders/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateForwarder: build.mutation<
      UpdateForwarderApiResponse,
      UpdateForwarderApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/${queryArg.id}`,
        method: "PUT",
        body: queryArg.forwarder,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteForwarder: build.mutation<
      DeleteForwarderApiResponse,
      DeleteForwarderApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    setForwarderState: build.mutation<
      SetForwarderStateApiResponse,
      SetForwarderStateApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/${queryArg.id}/state`,
        method: "PUT",
        body: queryArg.serviceStateChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getExternalDatabaseKinds: build.query<
      GetExternalDatabaseKindsApiResponse,
      GetExternalDatabaseKindsApiArg
    >({
      query: (queryArg) => ({
        url: `/external-database-kinds`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getExternalDatabases: build.query<
      GetExternalDatabasesApiResponse,
      GetExternalDatabasesApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createExternalDatabase: build.mutation<
      CreateExternalDatabaseApiResponse,
      CreateExternalDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases`,
        method: "POST",
        body: queryArg.externalDatabase,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testExternalDatabaseSettings: build.mutation<
      TestExternalDatabaseSettingsApiResponse,
      TestExternalDatabaseSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/test`,
        method: "POST",
        body: queryArg.externalDatabaseTest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getExternalDatabase: build.query<
      GetExternalDatabaseApiResponse,
      GetExternalDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateExternalDatabase: build.mutation<
      UpdateExternalDatabaseApiResponse,
      UpdateExternalDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/${queryArg.id}`,
        method: "PUT",
        body: queryArg.externalDatabase,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteExternalDatabase: build.mutation<
      DeleteExternalDatabaseApiResponse,
      DeleteExternalDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    previewExternalDatabaseQuery: build.mutation<
      PreviewExternalDatabaseQueryApiResponse,
      PreviewExternalDatabaseQueryApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/${queryArg.id}/preview`,
        method: "POST",
        body: queryArg.externalQueryPreviewRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getLlmConfiguration: build.query<
      GetLlmConfigurationApiResponse,
      GetLlmConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/llm-configuration`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateLlmConfiguration: build.mutation<
      UpdateLlmConfigurationApiResponse,
      UpdateLlmConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/llm-configuration`,
        method: "PUT",
        body: queryArg.llmConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testLlmConfiguration: build.mutation<
      TestLlmConfigurationApiResponse,
      TestLlmConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/llm-configuration/test`,
        method: "POST",
        body: queryArg.llmConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getLlmTools: build.query<GetLlmToolsApiResponse, GetLlmToolsApiArg>({
      query: (queryArg) => ({
        url: `/llm/tools`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    chatWithLlm: build.mutation<ChatWithLlmApiResponse, ChatWithLlmApiArg>({
      query: (queryArg) => ({
        url: `/llm/chat`,
        method: "POST",
        body: queryArg.llmChatRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetCurrentUserApiResponse =
  /** status 200 The user. */ CurrentUserRead;
export type GetCurrentUserApiArg = void;
export type UpdateCurrentUserApiResponse =
  /** status 200 The updated user. */ CurrentUserRead;
export type UpdateCurrentUserApiArg = {
  userUpdate: UserUpdate;
};
export type UpdateCurrentUserPasswordApiResponse = unknown;
export type UpdateCurrentUserPasswordApiArg = {
  passwordChange: PasswordChangeWrite;
};
export type GetCurrentUserOrganizationsApiResponse =
  /** status 200 The organizations. */ OrganizationRead[];
export type GetCurrentUserOrganizationsApiArg = void;
export type GetCurrentUserPrivilegesApiResponse =
  /** status 200 One entry per privilege and organization. */ UserPrivilege[];
export type GetCurrentUserPrivilegesApiArg = void;
export type GetCurrentUserManualEntryFormPrivilegesApiResponse =
  /** status 200 One entry per form, organization and level. */ ManualEntryFormPrivilege[];
export type GetCurrentUserManualEntryFormPrivilegesApiArg = void;
export type GetCurrentUserTokensApiResponse =
  /** status 200 The tokens. */ Token[];
export type GetCurrentUserTokensApiArg = void;
export type CreateCurrentUserTokenApiResponse =
  /** status 201 The token with its value. */ TokenCreated;
export type CreateCurrentUserTokenApiArg = {
  tokenCreate: TokenCreate;
};
export type DeleteCurrentUserTokenApiResponse = unknown;
export type DeleteCurrentUserTokenApiArg = {
  id: string;
};
export type GetAuditLogsApiResponse =
  /** status 200 A page of audit log entries. */ AuditLog[];
export type GetAuditLogsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only entries created at or after this time. */
  from?: string;
  /** Only entries created before this time. */
  to?: string;
  /** Only entries of these actions, bracket style (`Actions[]=Create&Actions[]=Delete`). */
  actions?: AuditAction[];
  /** Only entries of these areas (Users, Collectors, …), bracket style (`Areas[]=Users`). */
  areas?: string[];
  /** Only entries about subjects of these types (User, Collector, …), bracket style (`SubjectTypes[]=User`). */
  subjectTypes?: string[];
  /** Only entries whose subject's name contains this text (case aside), or whose subject id is this text. */
  subject?: string;
  /** Only entries whose user's name contains this text, case aside. */
  user?: string;
  /** Every entry of the installation, also those of no organization, whatever the current organization; needs READ_AUDIT_LOGS at root (else 403). */
  allOrganizations?: boolean;
  /** By CreatedAt, newest first (desc) or oldest first (asc). */
  order?: "asc" | "desc";
};
export type ExportAuditLogsApiResponse = /** status 200 The CSV file. */ Blob;
export type ExportAuditLogsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Only entries created at or after this time. */
  from?: string;
  /** Only entries created before this time. */
  to?: string;
  /** Only entries of these actions, bracket style (`Actions[]=Create&Actions[]=Delete`). */
  actions?: AuditAction[];
  /** Only entries of these areas (Users, Collectors, …), bracket style (`Areas[]=Users`). */
  areas?: string[];
  /** Only entries about subjects of these types (User, Collector, …), bracket style (`SubjectTypes[]=User`). */
  subjectTypes?: string[];
  /** Only entries whose subject's name contains this text (case aside), or whose subject id is this text. */
  subject?: string;
  /** Only entries whose user's name contains this text, case aside. */
  user?: string;
  /** Every entry of the installation, also those of no organization, whatever the current organization; needs READ_AUDIT_LOGS at root (else 403). */
  allOrganizations?: boolean;
  /** By CreatedAt, newest first (desc) or oldest first (asc). */
  order?: "asc" | "desc";
};
export type GetAuditChainVerificationApiResponse =
  /** status 200 The result of the check. */ AuditChainVerification;
export type GetAuditChainVerificationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetAuditLogApiResponse = /** status 200 The entry. */ AuditLog;
export type GetAuditLogApiArg = {
  uuid: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Every entry of the installation, also those of no organization, whatever the current organization; needs READ_AUDIT_LOGS at root (else 403). */
  allOrganizations?: boolean;
};
export type ImportMeasurementsDryRunApiResponse =
  /** status 200 The action of every row, and the token that applies them. */ MeasurementImportDryRun;
export type ImportMeasurementsDryRunApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurementImportUpload: MeasurementImportUpload;
};
export type ImportMeasurementsApiResponse =
  /** status 202 The job that applies the rows. */ MeasurementImportStarted;
export type ImportMeasurementsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurementImportApply: MeasurementImportApply;
};
export type GetTaskSchedulersApiResponse =
  /** status 200 A page of task schedulers. */ TaskSchedulerRead[];
export type GetTaskSchedulersApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
};
export type CreateTaskSchedulerApiResponse =
  /** status 201 The new task scheduler. */ TaskSchedulerRead;
export type CreateTaskSchedulerApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  taskScheduler: TaskScheduler;
};
export type GetTaskSchedulerPreviewApiResponse =
  /** status 200 The next runs (fewer when the rule ends). */ TaskSchedulerPreview;
export type GetTaskSchedulerPreviewApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** An RFC 5545 RRULE (optionally after a DTSTART line of local time). */
  rRule: string;
  /** An IANA time zone. */
  timezone: string;
  count?: number;
};
export type GetTaskSchedulerMeasurementsApiResponse =
  /** status 200 The measurements, by name. */ TaskSchedulerMeasurement[];
export type GetTaskSchedulerMeasurementsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetTaskSchedulerApiResponse =
  /** status 200 The task scheduler. */ TaskSchedulerRead;
export type GetTaskSchedulerApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateTaskSchedulerApiResponse =
  /** status 200 The updated task scheduler. */ TaskSchedulerRead;
export type UpdateTaskSchedulerApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  taskScheduler: TaskScheduler;
};
export type DeleteTaskSchedulerApiResponse = unknown;
export type DeleteTaskSchedulerApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type RunTaskSchedulerApiResponse =
  /** status 202 The job of the run. */ TaskSchedulerRun;
export type RunTaskSchedulerApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetMeasurementsApiResponse =
  /** status 200 A page of measurements. */ MeasurementRead[];
export type GetMeasurementsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Plain text: the name or description contains it, case aside (`%` and `_` match themselves). Between slashes (`/^line_\d+$/`): a PostgreSQL regular expression on the name, case sensitive; an invalid one answers 400 with a field error on Keyword. */
  keyword?: string;
  statuses?: MeasurementStatus[];
  /** Only measurements carrying every one of these labels. */
  labels?: string[];
  databaseUuiDs?: Uuid[];
  collectorUuiDs?: Uuid[];
  datatypes?: ValueType[];
  /** Good, or Bad (any Bad… code). */
  quality?: "Good" | "Bad";
  /** Leave out the measurements of calculation collectors. */
  excludeCalculations?: boolean;
  /** Only the measurements of calculation collectors (the /calculations page); needs the Calculations licence feature. */
  onlyCalculations?: boolean;
  /** Name, Status or UpdatedAt; a leading `-` sorts descending. */
  sort?: "Name" | "-Name" | "Status" | "-Status" | "UpdatedAt" | "-UpdatedAt";
};
export type CreateMeasurementApiResponse =
  /** status 201 The new measurement. */ MeasurementRead;
export type CreateMeasurementApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurement: Measurement;
};
export type UpdateMeasurementsStatusApiResponse =
  /** status 200 One result per UUID, in the order asked. */ MeasurementBulkResult;
export type UpdateMeasurementsStatusApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurementStatusChange: MeasurementStatusChange;
};
export type UpdateMeasurementsLabelsApiResponse =
  /** status 200 One result per UUID, in the order asked. */ MeasurementBulkResult;
export type UpdateMeasurementsLabelsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurementLabelsChange: MeasurementLabelsChange;
};
export type GetMeasurementApiResponse =
  /** status 200 The measurement. */ MeasurementRead;
export type GetMeasurementApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateMeasurementApiResponse =
  /** status 200 The updated measurement. */ MeasurementRead;
export type UpdateMeasurementApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurement: Measurement;
};
export type DeleteMeasurementApiResponse = unknown;
export type DeleteMeasurementApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetMeasurementLabelsApiResponse =
  /** status 200 The labels. */ MeasurementLabel[];
export type GetMeasurementLabelsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
};
export type GetUsersApiResponse = /** status 200 A page of users. */ UserRead[];
export type GetUsersApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
  /** Every user of the installation, whatever the current organization; needs READ_USERS at root (else 403). */
  allOrganizations?: boolean;
};
export type CreateUserApiResponse = /** status 201 The new user. */ UserRead;
export type CreateUserApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userCreate: UserCreateWrite;
};
export type GetUserApiResponse = /** status 200 The user. */ UserRead;
export type GetUserApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateUserApiResponse =
  /** status 200 The updated user. */ UserRead;
export type UpdateUserApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userUpdate: UserUpdate;
};
export type DeleteUserApiResponse = unknown;
export type DeleteUserApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateUserPasswordApiResponse = unknown;
export type UpdateUserPasswordApiArg = {
  id: string;
  passwordChange: PasswordChangeWrite;
};
export type GetUserAccessApiResponse =
  /** status 200 The user's privileges here, one entry per privilege and group. */ AccessGrant[];
export type GetUserAccessApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetUserTokensApiResponse = /** status 200 The tokens. */ Token[];
export type GetUserTokensApiArg = {
  id: string;
};
export type CreateUserTokenApiResponse =
  /** status 201 The token with its value, shown once. */ TokenCreated;
export type CreateUserTokenApiArg = {
  id: string;
  tokenCreate: TokenCreate;
};
export type DeleteUserTokenApiResponse = unknown;
export type DeleteUserTokenApiArg = {
  id: string;
  tokenId: string;
};
export type GetAuthOptionsApiResponse =
  /** status 200 The options. */ AuthOption[];
export type GetAuthOptionsApiArg = void;
export type LoginApiResponse =
  /** status 200 Signed in; the session and XSRF-TOKEN cookies are set. */ LoginResultRead;
export type LoginApiArg = {
  /** The provider's name. */
  provider: string;
  loginCredentials: LoginCredentialsWrite;
};
export type LogoutApiResponse = unknown;
export type LogoutApiArg = {
  /** The provider's name. */
  provider: string;
};
export type GetOrganizationsApiResponse =
  /** status 200 A page of organizations. */ OrganizationRead[];
export type GetOrganizationsApiArg = {
  limit?: number;
  page?: number;
};
export type CreateOrganizationApiResponse =
  /** status 201 The new organization. */ OrganizationRead;
export type CreateOrganizationApiArg = {
  organization: OrganizationWrite;
};
export type GetOrganizationApiResponse =
  /** status 200 The organization. */ OrganizationRead;
export type GetOrganizationApiArg = {
  id: string;
};
export type UpdateOrganizationApiResponse =
  /** status 200 The updated organization. */ OrganizationRead;
export type UpdateOrganizationApiArg = {
  id: string;
  organization: OrganizationWrite;
};
export type DeleteOrganizationApiResponse = unknown;
export type DeleteOrganizationApiArg = {
  id: string;
  /** Must be true when the organization still holds data. */
  confirm?: boolean;
};
export type GetPrivilegesApiResponse =
  /** status 200 The privileges. */ Privilege[];
export type GetPrivilegesApiArg = void;
export type GetInfoApiResponse =
  /** status 200 The product version and links. */ Info;
export type GetInfoApiArg = void;
export type GetSettingsApiResponse =
  /** status 200 The settings. */ SettingRead[];
export type GetSettingsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  organizationUuid?: string;
};
export type UpdateSettingsBatchApiResponse =
  /** status 200 The saved settings. */ SettingRead[];
export type UpdateSettingsBatchApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  body: Setting[];
};
export type UpdateSettingApiResponse =
  /** status 200 The saved setting. */ SettingRead;
export type UpdateSettingApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  setting: Setting;
};
export type GetCollectorsApiResponse =
  /** status 200 A page of collectors. */ CollectorRead[];
export type GetCollectorsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
};
export type CreateCollectorApiResponse =
  /** status 201 The new collector. */ CollectorRead;
export type CreateCollectorApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  collector: CollectorWrite;
};
export type UpdateCollectorApiResponse =
  /** status 200 The updated collector. */ CollectorRead;
export type UpdateCollectorApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  collector: CollectorWrite;
};
export type DeleteCollectorApiResponse = unknown;
export type DeleteCollectorApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateCollectorStatusApiResponse =
  /** status 200 The collector with its new status. */ CollectorRead;
export type UpdateCollectorStatusApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  collectorStatusChange: CollectorStatusChange;
};
export type GetCollectorTokenApiResponse =
  /** status 200 The token, shown once. */ CollectorToken;
export type GetCollectorTokenApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetCollectorTemplateApiResponse =
  /** status 200 The .xlsx file. */ Blob;
export type GetCollectorTemplateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetCollectorHealthHistoryApiResponse =
  /** status 200 The health records. */ CollectorHealth[];
export type GetCollectorHealthHistoryApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
};
export type StartCollectorUpdateApiResponse = unknown;
export type StartCollectorUpdateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  collectorUpdateStart: CollectorUpdateStart;
};
export type GetProductUpdatesApiResponse =
  /** status 200 The builds. */ ProductUpdate[];
export type GetProductUpdatesApiArg = void;
export type CreateProductUpdateApiResponse =
  /** status 201 The stored build. */ ProductUpdate;
export type CreateProductUpdateApiArg = {
  productUpdateUpload: ProductUpdateUpload;
};
export type DeleteProductUpdateApiResponse = unknown;
export type DeleteProductUpdateApiArg = {
  id: string;
};
export type GetLicenseFingerprintApiResponse =
  /** status 200 The fingerprint. */ LicenseFingerprint;
export type GetLicenseFingerprintApiArg = void;
export type GetLicenseInfoApiResponse =
  /** status 200 The claims and an error, if any. */ LicenseInfo;
export type GetLicenseInfoApiArg = void;
export type ActivateLicenseApiResponse =
  /** status 200 The claims after activation. */ LicenseInfo;
export type ActivateLicenseApiArg = {
  licenseActivation: LicenseActivation;
};
export type GetJobsApiResponse = /** status 200 A page of jobs. */ Job[];
export type GetJobsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Only jobs in one of these states. */
  states?: JobState[];
  /** Only jobs of one of these types. */
  types?: string[];
  /** Only jobs started by this task scheduler. */
  taskSchedulerUuid?: string;
  /** Only the jobs the caller started (the only ones a caller without READ_LOGS sees anyway). */
  mine?: boolean;
  limit?: number;
  page?: number;
};
export type GetJobApiResponse = /** status 200 The job. */ Job;
export type GetJobApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetJobLogsApiResponse = /** status 200 The log lines. */ JobLog[];
export type GetJobLogsApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type PauseJobApiResponse =
  /** status 200 The job; it shows paused once its runner stopped it. */ Job;
export type PauseJobApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ResumeJobApiResponse = /** status 200 The job, pending. */ Job;
export type ResumeJobApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CancelJobApiResponse = /** status 200 The job. */ Job;
export type CancelJobApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type QueryTimeseriesApiResponse =
  /** status 200 One series per measurement, in the order asked. */ TimeseriesQueryResult;
export type QueryTimeseriesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  timeseriesQuery: TimeseriesQuery;
};
export type GetAssetsApiResponse =
  /** status 200 The assets, by AssetPath. */ AssetRead[];
export type GetAssetsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** The name, description or path contains it, case aside. */
  keyword?: string;
  /** The assets at this path and below it (`Site A/Line 1`). */
  path?: string;
  /** Only the top level of the tree. */
  roots?: boolean;
  parentUuiDs?: Uuid[];
  uuiDs?: Uuid[];
  prototypeUuiDs?: Uuid[];
  linkStatuses?: PrototypeLinkStatus[];
  statuses?: AssetStatus[];
};
export type CreateAssetApiResponse = /** status 201 The asset. */ AssetRead;
export type CreateAssetApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  asset: Asset;
};
export type GetAssetApiResponse = /** status 200 The asset. */ AssetRead;
export type GetAssetApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateAssetApiResponse = /** status 200 The asset. */ AssetRead;
export type UpdateAssetApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  asset: Asset;
};
export type DeleteAssetApiResponse = unknown;
export type DeleteAssetApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  cascade?: boolean;
};
export type MoveAssetApiResponse =
  /** status 200 The asset at its new path. */ AssetRead;
export type MoveAssetApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  assetMove: AssetMove;
};
export type GetAssetPropertiesApiResponse =
  /** status 200 The properties, by asset path and name. */ AssetPropertyRead[];
export type GetAssetPropertiesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  assetUuiDs?: Uuid[];
  recursive?: boolean;
  /** The name, the asset's path or the measurement's name contains it, case aside. */
  keyword?: string;
  datatypes?: ValueType[];
  linkStatuses?: PrototypeLinkStatus[];
};
export type CreateAssetPropertyApiResponse =
  /** status 201 The property. */ AssetPropertyRead;
export type CreateAssetPropertyApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  assetProperty: AssetProperty;
};
export type GetAssetPropertyApiResponse =
  /** status 200 The property. */ AssetPropertyRead;
export type GetAssetPropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateAssetPropertyApiResponse =
  /** status 200 The property. */ AssetPropertyRead;
export type UpdateAssetPropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  assetProperty: AssetProperty;
};
export type DeleteAssetPropertyApiResponse = unknown;
export type DeleteAssetPropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetPrototypesApiResponse =
  /** status 200 The prototypes. */ PrototypeRead[];
export type GetPrototypesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  keyword?: string;
};
export type CreatePrototypeApiResponse =
  /** status 201 The prototype. */ PrototypeRead;
export type CreatePrototypeApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototype: Prototype;
};
export type GetPrototypeApiResponse =
  /** status 200 The prototype. */ PrototypeRead;
export type GetPrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdatePrototypeApiResponse =
  /** status 200 The prototype. */ PrototypeRead;
export type UpdatePrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototype: Prototype;
};
export type DeletePrototypeApiResponse = unknown;
export type DeletePrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type InstantiatePrototypeApiResponse =
  /** status 201 The assets made. */ AssetRead[];
export type InstantiatePrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypeInstantiation: PrototypeInstantiation;
};
export type LinkPrototypeApiResponse =
  /** status 200 The asset, linked. */ AssetRead;
export type LinkPrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypeLink: PrototypeLink;
};
export type UnlinkPrototypeApiResponse = unknown;
export type UnlinkPrototypeApiArg = {
  id: string;
  assetId: Uuid;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type PlanPrototypeApiResponse =
  /** status 201 The plan. */ PrototypePlan;
export type PlanPrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypePlanRequest: PrototypePlanRequest;
};
export type GetPrototypePlanApiResponse =
  /** status 200 The plan. */ PrototypePlan;
export type GetPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ApplyPrototypePlanApiResponse =
  /** status 202 The job. */ PrototypePlanStarted;
export type ApplyPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypePlanChoices: PrototypePlanChoices;
};
export type UndoPrototypePlanApiResponse =
  /** status 202 The job. */ PrototypePlanStarted;
export type UndoPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ExportPrototypePlanApiResponse =
  /** status 200 The .xlsx file. */ Blob;
export type ExportPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ImportPrototypePlanApiResponse =
  /** status 200 The choices read, by RowID, and the conflicting rows still without one. */ PrototypePlanImported;
export type ImportPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypePlanUpload: PrototypePlanUpload;
};
export type GetEventTypesApiResponse =
  /** status 200 The event types. */ EventTypeDefinitionRead[];
export type GetEventTypesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** The name or description contains it, case aside. */
  keyword?: string;
};
export type CreateEventTypeApiResponse =
  /** status 201 The event type. */ EventTypeDefinitionRead;
export type CreateEventTypeApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventTypeDefinition: EventTypeDefinition;
};
export type GetEventTypeApiResponse =
  /** status 200 The event type. */ EventTypeDefinitionRead;
export type GetEventTypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventTypeApiResponse =
  /** status 200 The event type. */ EventTypeDefinitionRead;
export type UpdateEventTypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventTypeDefinition: EventTypeDefinition;
};
export type DeleteEventTypeApiResponse = unknown;
export type DeleteEventTypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetEventTypePropertiesApiResponse =
  /** status 200 The properties. */ EventTypePropertyRead[];
export type GetEventTypePropertiesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  eventTypeUuiDs?: Uuid[];
};
export type CreateEventTypePropertyApiResponse =
  /** status 201 The property. */ EventTypePropertyRead;
export type CreateEventTypePropertyApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventTypeProperty: EventTypeProperty;
};
export type GetEventTypePropertyApiResponse =
  /** status 200 The property. */ EventTypePropertyRead;
export type GetEventTypePropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventTypePropertyApiResponse =
  /** status 200 The property. */ EventTypePropertyRead;
export type UpdateEventTypePropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventTypeProperty: EventTypeProperty;
};
export type DeleteEventTypePropertyApiResponse = unknown;
export type DeleteEventTypePropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetEventTypePropertyValuesApiResponse =
  /** status 200 The values. */ EventPropertyDistinctValue[];
export type GetEventTypePropertyValuesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
};
export type GetEventConfigurationsApiResponse =
  /** status 200 The configurations. */ EventConfigurationRead[];
export type GetEventConfigurationsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  assetUuiDs?: Uuid[];
  eventTypeUuiDs?: Uuid[];
  startSources?: EventStartSource[];
  states?: EventConfigurationState[];
  /** The asset path or the event type's name contains it, case aside. */
  keyword?: string;
};
export type CreateEventConfigurationApiResponse =
  /** status 201 The configuration. */ EventConfigurationRead;
export type CreateEventConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventConfiguration: EventConfiguration;
};
export type GetEventConfigurationApiResponse =
  /** status 200 The configuration. */ EventConfigurationRead;
export type GetEventConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventConfigurationApiResponse =
  /** status 200 The configuration. */ EventConfigurationRead;
export type UpdateEventConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventConfiguration: EventConfiguration;
};
export type DeleteEventConfigurationApiResponse = unknown;
export type DeleteEventConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  cascade?: boolean;
};
export type SetEventConfigurationStateApiResponse =
  /** status 200 The configuration in its new state. */ EventConfigurationRead;
export type SetEventConfigurationStateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventConfigurationStateChange: EventConfigurationStateChange;
};
export type GetEventConfigurationLogsApiResponse =
  /** status 200 The log lines. */ EventConfigurationLog[];
export type GetEventConfigurationLogsApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  levels?: EventLogLevel[];
};
export type ReevaluateEventConfigurationApiResponse =
  /** status 202 The job. */ EventReevaluationStarted;
export type ReevaluateEventConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventReevaluation: EventReevaluation;
};
export type GetEventPropertyConfigurationsApiResponse =
  /** status 200 The property configurations. */ EventPropertyConfigurationRead[];
export type GetEventPropertyConfigurationsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  eventConfigurationUuiDs?: Uuid[];
};
export type CreateEventPropertyConfigurationApiResponse =
  /** status 201 The property configuration. */ EventPropertyConfigurationRead;
export type CreateEventPropertyConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventPropertyConfiguration: EventPropertyConfiguration;
};
export type GetEventPropertyConfigurationApiResponse =
  /** status 200 The property configuration. */ EventPropertyConfigurationRead;
export type GetEventPropertyConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventPropertyConfigurationApiResponse =
  /** status 200 The property configuration. */ EventPropertyConfigurationRead;
export type UpdateEventPropertyConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventPropertyConfiguration: EventPropertyConfiguration;
};
export type DeleteEventPropertyConfigurationApiResponse = unknown;
export type DeleteEventPropertyConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ReevaluateEventPropertyConfigurationApiResponse =
  /** status 202 The job. */ EventReevaluationStarted;
export type ReevaluateEventPropertyConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventReevaluation: EventReevaluation;
};
export type GetEventsApiResponse = /** status 200 The events. */ Event[];
export type GetEventsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Events per page; 1000 unless given, as the datasource's. */
  limit?: number;
  page?: number;
  /** Events still running at or stopped after it (an open event has no stop). */
  startTime?: string;
  /** Events started before it. */
  stopTime?: string;
  assetUuiDs?: Uuid[];
  eventTypeUuiDs?: Uuid[];
  eventConfigurationUuiDs?: Uuid[];
  statuses?: EventStatus[];
  /** A JSON array of EventPropertyFilter, joined in order by each one's Condition. */
  propertyFilter?: string;
  excludeManualEvents?: boolean;
  /** Also send periodic properties' series (else only simple values). */
  preloadProperties?: boolean;
  sort?: EventSort;
  ascending?: boolean;
};
export type CreateEventApiResponse = /** status 201 The event. */ Event;
export type CreateEventApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventWrite: EventWrite;
};
export type GetEventApiResponse = /** status 200 The event. */ Event;
export type GetEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventApiResponse = /** status 200 The event. */ Event;
export type UpdateEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventWrite: EventWrite;
};
export type DeleteEventApiResponse = unknown;
export type DeleteEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type MergeEventApiResponse = /** status 200 The merged event. */ Event;
export type MergeEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type SplitEventApiResponse =
  /** status 200 The two events, earlier first. */ Event[];
export type SplitEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventSplit: EventSplit;
};
export type GetManualEntryFormsApiResponse =
  /** status 200 The forms. */ ManualEntryFormRead[];
export type GetManualEntryFormsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** The name or description contains it, case aside. */
  keyword?: string;
};
export type CreateManualEntryFormApiResponse =
  /** status 201 The form. */ ManualEntryFormRead;
export type CreateManualEntryFormApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  manualEntryForm: ManualEntryForm;
};
export type GetManualEntryFormApiResponse =
  /** status 200 The form. */ ManualEntryFormRead;
export type GetManualEntryFormApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateManualEntryFormApiResponse =
  /** status 200 The form. */ ManualEntryFormRead;
export type UpdateManualEntryFormApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  manualEntryForm: ManualEntryForm;
};
export type DeleteManualEntryFormApiResponse = unknown;
export type DeleteManualEntryFormApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetManualEntryFormAccessApiResponse =
  /** status 200 The groups and their levels. */ ManualEntryFormAccessRead[];
export type GetManualEntryFormAccessApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ReplaceManualEntryFormAccessApiResponse =
  /** status 200 Every group of the organization with its level, as GET answers. */ ManualEntryFormAccessRead[];
export type ReplaceManualEntryFormAccessApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  body: ManualEntryFormAccess[];
};
export type GetManualEntryFormEntriesApiResponse =
  /** status 200 The columns and rows. */ ManualEntryEntries;
export type GetManualEntryFormEntriesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  from: string;
  to: string;
};
export type WriteManualEntryEventValuesApiResponse =
  /** status 200 The event's row as the grid shows it. */ ManualEntryEventRow;
export type WriteManualEntryEventValuesApiArg = {
  id: string;
  eventId: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  manualEntryEventWrite: ManualEntryEventWrite;
};
export type WriteManualEntryAssetValuesApiResponse =
  /** status 200 The rows written, as the grid shows them. */ ManualEntryValuesWritten;
export type WriteManualEntryAssetValuesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  manualEntryValuesWrite: ManualEntryValuesWrite;
};
export type TestCalculationApiResponse =
  /** status 200 The preview series and each failed evaluation. */ CalculationPreview;
export type TestCalculationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  calculationTest: CalculationTest;
};
export type GetCalculationContextApiResponse =
  /** status 200 The state. */ CalculationContext;
export type GetCalculationContextApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateCalculationContextApiResponse =
  /** status 200 The state as saved. */ CalculationContext;
export type UpdateCalculationContextApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  calculationContextUpdate: CalculationContextUpdate;
};
export type BackfillCalculationApiResponse =
  /** status 202 The job. */ CalculationBackfillStarted;
export type BackfillCalculationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  calculationBackfill: CalculationBackfill;
};
export type GetTimeseriesDatabasesApiResponse =
  /** status 200 The databases, without secure settings. */ TimeseriesDatabaseRead[];
export type GetTimeseriesDatabasesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateTimeseriesDatabaseApiResponse =
  /** status 201 The new database. */ TimeseriesDatabaseRead;
export type CreateTimeseriesDatabaseApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Also create the database or bucket itself. */
  createDatabase?: boolean;
  timeseriesDatabase: TimeseriesDatabaseWrite;
};
export type UpdateTimeseriesDatabaseApiResponse =
  /** status 200 The updated database. */ TimeseriesDatabaseRead;
export type UpdateTimeseriesDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Also create the database or bucket itself. */
  createDatabase?: boolean;
  timeseriesDatabase: TimeseriesDatabaseWrite;
};
export type DeleteTimeseriesDatabaseApiResponse = unknown;
export type DeleteTimeseriesDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type TestTimeseriesDatabaseApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestTimeseriesDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetTimeseriesDatabaseReachabilityApiResponse =
  /** status 200 The outcome of each step taken. */ ConnectionTestResult;
export type GetTimeseriesDatabaseReachabilityApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type TestTimeseriesDatabaseSettingsApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestTimeseriesDatabaseSettingsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  timeseriesDatabaseTest: TimeseriesDatabaseTest;
};
export type GetTimeseriesDatabaseTypesApiResponse =
  /** status 200 The types. */ TimeseriesDatabaseType[];
export type GetTimeseriesDatabaseTypesApiArg = void;
export type GetTableSettingApiResponse =
  /** status 200 The settings that apply, or an empty list. */ TableSetting[];
export type GetTableSettingApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** The table id. */
  id: string;
};
export type CreateTableSettingApiResponse =
  /** status 201 The stored settings. */ TableSetting;
export type CreateTableSettingApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  tableSetting: TableSetting;
};
export type UpdateTableSettingApiResponse =
  /** status 200 The stored settings. */ TableSetting;
export type UpdateTableSettingApiArg = {
  pk: number;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  tableSetting: TableSetting;
};
export type GetUserGroupsApiResponse =
  /** status 200 A page of groups. */ UserGroupRead[];
export type GetUserGroupsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
};
export type CreateUserGroupApiResponse =
  /** status 201 The new group. */ UserGroupRead;
export type CreateUserGroupApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroup: UserGroup;
};
export type GetUserGroupApiResponse =
  /** status 200 The group. */ UserGroupRead;
export type GetUserGroupApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateUserGroupApiResponse =
  /** status 200 The updated group. */ UserGroupRead;
export type UpdateUserGroupApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroup: UserGroup;
};
export type DeleteUserGroupApiResponse = unknown;
export type DeleteUserGroupApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetUserGroupUsersApiResponse =
  /** status 200 The memberships. */ UserGroupUserRead[];
export type GetUserGroupUsersApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroupUuid?: string;
  userUuid?: string;
};
export type CreateUserGroupUserApiResponse =
  /** status 201 The membership. */ UserGroupUserRead;
export type CreateUserGroupUserApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroupUserCreate: UserGroupUserCreate;
};
export type DeleteUserGroupUserApiResponse = unknown;
export type DeleteUserGroupUserApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetUserGroupPrivilegesApiResponse =
  /** status 200 The group privileges. */ GroupPrivilegeRead[];
export type GetUserGroupPrivilegesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateUserGroupPrivilegeApiResponse =
  /** status 201 The group privilege. */ GroupPrivilegeRead;
export type CreateUserGroupPrivilegeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  groupPrivilege: GroupPrivilege;
};
export type ReplaceUserGroupPrivilegesApiResponse =
  /** status 200 The privileges the group grants now. */ GroupPrivilegeRead[];
export type ReplaceUserGroupPrivilegesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Why the change is made, percent-encoded (encodeURIComponent); recorded with the change's audit log entries, cut to 500 characters. Forms that ask for a reason send it. */
  "x-audit-reason"?: string;
  groupPrivilegeSet: GroupPrivilegeSet;
};
export type DeleteUserGroupPrivilegeApiResponse = unknown;
export type DeleteUserGroupPrivilegeApiArg = {
  id: string;
  privilegeId: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetUserGroupMappingsApiResponse =
  /** status 200 The mappings. */ UserGroupMappingRead[];
export type GetUserGroupMappingsApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateUserGroupMappingApiResponse =
  /** status 201 The mapping. */ UserGroupMappingRead;
export type CreateUserGroupMappingApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroupMapping: UserGroupMapping;
};
export type UpdateUserGroupMappingApiResponse =
  /** status 200 The updated mapping. */ UserGroupMappingRead;
export type UpdateUserGroupMappingApiArg = {
  id: string;
  mappingId: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroupMapping: UserGroupMapping;
};
export type DeleteUserGroupMappingApiResponse = unknown;
export type DeleteUserGroupMappingApiArg = {
  id: string;
  mappingId: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetAuthenticationProvidersApiResponse =
  /** status 200 The providers. */ AuthenticationProviderRead[];
export type GetAuthenticationProvidersApiArg = void;
export type CreateAuthenticationProviderApiResponse =
  /** status 201 The new provider. */ AuthenticationProviderRead;
export type CreateAuthenticationProviderApiArg = {
  authenticationProvider: AuthenticationProviderWrite;
};
export type TestAuthenticationProviderApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestAuthenticationProviderApiArg = {
  authenticationProviderTest: AuthenticationProviderTestWrite;
};
export type GetAuthenticationProviderApiResponse =
  /** status 200 The provider. */ AuthenticationProviderRead;
export type GetAuthenticationProviderApiArg = {
  id: string;
};
export type UpdateAuthenticationProviderApiResponse =
  /** status 200 The updated provider. */ AuthenticationProviderRead;
export type UpdateAuthenticationProviderApiArg = {
  id: string;
  authenticationProvider: AuthenticationProviderWrite;
};
export type DeleteAuthenticationProviderApiResponse = unknown;
export type DeleteAuthenticationProviderApiArg = {
  id: string;
};
export type GetAuthenticationProviderTypesApiResponse =
  /** status 200 The types. */ AuthenticationProviderType[];
export type GetAuthenticationProviderTypesApiArg = void;
export type GetTranslationsApiResponse =
  /** status 200 The overriding records. */ Translation[];
export type GetTranslationsApiArg = {
  lng: Language;
  ns: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetSinkTypesApiResponse = /** status 200 The kinds. */ SinkType[];
export type GetSinkTypesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetSinksApiResponse = /** status 200 The sinks. */ SinkRead[];
export type GetSinksApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateSinkApiResponse = /** status 201 The sink. */ SinkRead;
export type CreateSinkApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  sink: SinkWrite;
};
export type TestSinkSettingsApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestSinkSettingsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  sinkTest: SinkTest;
};
export type GetSinkApiResponse = /** status 200 The sink. */ SinkRead;
export type GetSinkApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateSinkApiResponse = /** status 200 The sink. */ SinkRead;
export type UpdateSinkApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  sink: SinkWrite;
};
export type DeleteSinkApiResponse = unknown;
export type DeleteSinkApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type SetSinkStateApiResponse = /** status 200 The sink. */ SinkRead;
export type SetSinkStateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  serviceStateChange: ServiceStateChange;
};
export type GetSinkStatisticsApiResponse =
  /** status 200 The statistics. */ SinkStatistics;
export type GetSinkStatisticsApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetForwardersApiResponse =
  /** status 200 The forwarders. */ ForwarderRead[];
export type GetForwardersApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Only the forwarders that send to this sink. */
  sinkUuid?: string;
};
export type CreateForwarderApiResponse =
  /** status 201 The forwarder. */ ForwarderRead;
export type CreateForwarderApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarder: Forwarder;
};
export type PreviewForwarderApiResponse =
  /** status 200 The rendered topic and payload, or the template errors. */ ForwarderPreview;
export type PreviewForwarderApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarderPreviewRequest: ForwarderPreviewRequest;
};
export type PreviewForwarderSelectionApiResponse =
  /** status 200 The resolved selection. */ ForwarderSelectionPreview;
export type PreviewForwarderSelectionApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarderSelection: ForwarderSelection;
};
export type SendForwarderTestMessageApiResponse =
  /** status 200 What was sent and whether the broker acknowledged it. */ ForwarderTestMessageResult;
export type SendForwarderTestMessageApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarderTestMessageRequest: ForwarderTestMessageRequest;
};
export type GetForwarderApiResponse =
  /** status 200 The forwarder. */ ForwarderRead;
export type GetForwarderApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateForwarderApiResponse =
  /** status 200 The forwarder. */ ForwarderRead;
export type UpdateForwarderApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarder: Forwarder;
};
export type DeleteForwarderApiResponse = unknown;
export type DeleteForwarderApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type SetForwarderStateApiResponse =
  /** status 200 The forwarder. */ ForwarderRead;
export type SetForwarderStateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  serviceStateChange: ServiceStateChange;
};
export type GetExternalDatabaseKindsApiResponse =
  /** status 200 The kinds. */ ExternalDatabaseKindInfo[];
export type GetExternalDatabaseKindsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetExternalDatabasesApiResponse =
  /** status 200 The databases. */ ExternalDatabaseRead[];
export type GetExternalDatabasesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateExternalDatabaseApiResponse =
  /** status 201 The database. */ ExternalDatabaseRead;
export type CreateExternalDatabaseApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  externalDatabase: ExternalDatabaseWrite;
};
export type TestExternalDatabaseSettingsApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestExternalDatabaseSettingsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  externalDatabaseTest: ExternalDatabaseTest;
};
export type GetExternalDatabaseApiResponse =
  /** status 200 The database. */ ExternalDatabaseRead;
export type GetExternalDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateExternalDatabaseApiResponse =
  /** status 200 The database. */ ExternalDatabaseRead;
export type UpdateExternalDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  externalDatabase: ExternalDatabaseWrite;
};
export type DeleteExternalDatabaseApiResponse = unknown;
export type DeleteExternalDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type PreviewExternalDatabaseQueryApiResponse =
  /** status 200 The columns and rows, or the error. */ ExternalQueryPreview;
export type PreviewExternalDatabaseQueryApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  externalQueryPreviewRequest: ExternalQueryPreviewRequest;
};
export type GetLlmConfigurationApiResponse =
  /** status 200 The configuration. */ LlmConfigurationRead;
export type GetLlmConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateLlmConfigurationApiResponse =
  /** status 200 The configuration. */ LlmConfigurationRead;
export type UpdateLlmConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  llmConfiguration: LlmConfigurationWrite;
};
export type TestLlmConfigurationApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestLlmConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  llmConfiguration: LlmConfigurationWrite;
};
export type GetLlmToolsApiResponse = /** status 200 The tools. */ LlmTool[];
export type GetLlmToolsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ChatWithLlmApiResponse =
  /** status 200 The answer and the tool calls made for it. */ LlmChatAnswer;
export type ChatWithLlmApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  llmChatRequest: LlmChatRequest;
};
export type Uuid = string;
export type Language = "en" | "nl" | "fr" | "de" | "zh";
export type UserAttributes = {
  Locale?: Language;
  ExperimentalFeatures?: boolean;
};
export type UserType = "user" | "service";
export type User = {
  UUID: Uuid;
  Name: string;
  Attributes?: UserAttributes;
  AuthenticationProviderUUID?: Uuid;
  ProviderName?: string;
  UserType?: UserType;
  CreatedAt?: string;
};
export type UserOrganization = {
  UUID: Uuid;
  Name: string;
  IsRoot: boolean;
};
export type UserRead = {
  UUID: Uuid;
  Name: string;
  Attributes?: UserAttributes;
  AuthenticationProviderUUID?: Uuid;
  ProviderName?: string;
  UserType?: UserType;
  CreatedAt?: string;
  /** The organizations the user belongs to (where they are in a group; the root when a root group gives them a privilege), as far as the caller may see them: all with READ_ORGANIZATIONS at root, else those the caller belongs to too. */
  Organizations?: UserOrganization[];
};
export type CurrentUser = User & {
  /** True while a local user still holds the default password. */
  MustChangePassword?: boolean;
};
export type CurrentUserRead = UserRead & {
  /** True while a local user still holds the default password. */
  MustChangePassword?: boolean;
};
export type ManualEntryScalar = (number | null) | string | boolean;
export type ManualEntryConflict = {
  /** The EventTypePropertyUUID or AssetPropertyUUID. */
  Key: string;
  EventUUID?: string;
  Timestamp?: string;
  Expected: ManualEntryScalar;
  Current: ManualEntryScalar;
  UpdatedAt?: string | null;
  UpdatedBy?: string | null;
};
export type Problem = {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  /** A translation key for the client, e.g. users.errors.login. */
  code?: string;
  /** Messages keyed by field path. */
  errors?: {
    [key: string]: string[];
  };
  /** What a deletion would take along, by kind (DELETE /organizations/{id} without confirm). */
  holdings?: {
    [key: string]: number;
  };
  /** Values the translation of code interpolates, e.g. limit: 24h. */
  params?: {
    [key: string]: string;
  };
  /** 409 manual_entry.errors.conflict, the values that changed since they were read. */
  conflicts?: ManualEntryConflict[];
};
export type UserUpdate = {
  UUID?: Uuid;
  Name: string;
  Attributes?: UserAttributes;
};
export type PasswordChange = {};
export type PasswordChangeWrite = {
  Password: string;
};
export type ItemStatus = "Active" | "Paused" | "Deleted" | "Initial";
export type Organization = {
  Name: string;
  Description?: string;
  IsRoot?: boolean;
  PostgresUser?: string;
  /** The all-zero UUID means no licence. */
  LicenseUUID?: string;
  Status?: ItemStatus;
};
export type OrganizationRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  IsRoot?: boolean;
  PostgresUser?: string;
  /** The all-zero UUID means no licence. */
  LicenseUUID?: string;
  Status?: ItemStatus;
};
export type OrganizationWrite = {
  Name: string;
  Description?: string;
  IsRoot?: boolean;
  PostgresUser?: string;
  PostgresPassword?: string;
  PostgresPasswordConfirm?: string;
  /** The all-zero UUID means no licence. */
  LicenseUUID?: string;
  Status?: ItemStatus;
};
export type UserPrivilege = {
  ID?: number;
  UUID?: Uuid;
  Name: string;
  OrganizationUUID: Uuid;
};
export type ManualEntryFormPrivilege = {
  ID?: number;
  ManualEntryFormUUID: Uuid;
  OrganizationUUID: Uuid;
  Name: "MANUAL_ENTRY_FORM_DEFAULT" | "MANUAL_ENTRY_FORM_ELEVATED";
};
export type Token = {
  UUID: Uuid;
  Name: string;
  CreatedAt?: string;
  LastUsedAt?: string | null;
};
export type TokenCreated = Token & {
  /** The bearer value, shown once; only its hash is stored. */
  Token: string;
};
export type TokenCreate = {
  Name: string;
};
export type AuditAction = "Create" | "Update" | "Delete";
export type AuditLog = {
  UUID: string;
  /** The entry's position in the hash chain. */
  Sequence: number;
  CreatedAt: string;
  /** Null for entries of no organization. */
  OrganizationUUID: string | null;
  /** Null when no user made the change (the system). */
  UserUUID: string | null;
  UserName: string;
  Action: AuditAction;
  /** The product area: Organizations, Users, UserGroups, AuthProviders, Settings, Licences, … */
  Area: string;
  /** The changed object's type: Organization, User, UserGroup, Setting, … */
  SubjectType: string;
  /** The changed object's id (not always a UUID). */
  SubjectUUID: string;
  SubjectName: string;
  /** The row before the change; null on Create. */
  Before: {
    [key: string]: any;
  } | null;
  /** The row after the change; null on Delete. */
  After: {
    [key: string]: any;
  } | null;
  /** The x-audit-reason of the request that made the change. */
  Reason: string | null;
  Hash: string;
  PrevHash: string;
};
export type AuditChainVerification = {
  Intact: boolean;
  CheckedEntries: number;
  /** The first entry checked, or the anchor left by retention pruning; null when the log is empty. */
  Since: string | null;
  CheckedAt: string;
  /** The first entry where the chain breaks; null when it is intact. */
  FirstBroken: {
    Sequence: number;
    CreatedAt: string | null;
    /** Only when the caller may see that entry. */
    UUID: string | null;
    Problem: "content_changed" | "link_broken";
  } | null;
};
export type MeasurementImportAction = "New" | "Update" | "No change" | "Error";
export type MeasurementImportChange = {
  Field: string;
  Old: string;
  New: string;
};
export type MeasurementImportError = {
  /** The cell, e.g. "D7"; empty for an error of the whole row. */
  Cell: string;
  Column: string;
  /** A translation key (measurements.import.errors.*). */
  Message: string;
  Params: {
    [key: string]: string;
  };
};
export type MeasurementImportRow = {
  /** The row's number in the sheet (the header is row 1). */
  Row: number;
  Name: string;
  Action: MeasurementImportAction;
  Changes: MeasurementImportChange[];
  Errors: MeasurementImportError[];
};
export type MeasurementImportSummary = {
  New: number;
  Update: number;
  NoChange: number;
  Error: number;
};
export type MeasurementImportDryRun = {
  Rows: MeasurementImportRow[];
  Summary: MeasurementImportSummary;
  /** Header cells that are no column of the template; their values are ignored. */
  UnknownColumns: string[];
  /** Names this dry run for the apply call (this user, this organization). */
  Token: string;
  ExpiresAt: string;
};
export type MeasurementImportUpload = {
  CollectorUUID: Uuid;
  /** The collector's template (.xlsx) filled in. */
  File: Blob;
};
export type MeasurementImportStarted = {
  JobUUID: Uuid;
};
export type MeasurementImportApply = {
  Token: string;
};
export type TaskType = "parquet_export";
export type TaskSchedulerState = "running" | "stopped";
export type ParquetExportSettings = {
  StartOffset?: string;
  Period: string;
  FileInterval: string;
  Directory?: string;
  AllowOverwrite?: boolean;
  MeasurementUUIDs?: Uuid[];
  /** Chosen by label once measurements carry labels. */
  Labels?: string[];
};
export type TaskScheduler = {
  Name: string;
  Description?: string;
  /** An RRULE (RFC 5545 §3.8.5.3), such as FREQ=DAILY;BYHOUR=2;BYMINUTE=0, optionally after a DTSTART line of local time. */
  RRule: string;
  /** An IANA time zone, such as Europe/Amsterdam. */
  Timezone: string;
  TaskType: TaskType;
  State: TaskSchedulerState;
  Settings: ParquetExportSettings;
};
export type TaskSchedulerRead = {
  UUID: Uuid;
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  /** An RRULE (RFC 5545 §3.8.5.3), such as FREQ=DAILY;BYHOUR=2;BYMINUTE=0, optionally after a DTSTART line of local time. */
  RRule: string;
  /** An IANA time zone, such as Europe/Amsterdam. */
  Timezone: string;
  TaskType: TaskType;
  State: TaskSchedulerState;
  Settings: ParquetExportSettings;
  NextRunAt?: string | null;
  LastRunAt?: string | null;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type TaskSchedulerOccurrence = {
  /** The instant of the run (UTC). */
  At: string;
  /** The wall time the rule asks for, YYYY-MM-DDTHH:mm:ss in the zone. */
  Local: string;
  Dst: "none" | "gap" | "overlap";
};
export type TaskSchedulerPreview = {
  Occurrences: TaskSchedulerOccurrence[];
};
export type TaskSchedulerMeasurement = {
  UUID: Uuid;
  Name: string;
};
export type TaskSchedulerRun = {
  JobUUID: Uuid;
  /** False when the run was already queued. */
  Created: boolean;
};
export type ValueType =
  | "number"
  | "boolean"
  | "string"
  | "[]number"
  | "[]boolean"
  | "[]string"
  | "raw";
export type MeasurementStatus =
  "Active" | "Paused" | "Deleted" | "Discovered" | "Initial";
export type SettingsMap = {
  [key: string]: any;
};
export type EngineeringSpecs = {
  UoM?: string;
  ValueMin?: number | null;
  ValueMax?: number | null;
  LimitLo?: number | null;
  LimitHi?: number | null;
};
export type MeasurementAttributes = {
  Config?: EngineeringSpecs;
  /** Written with every point. */
  Tags?: {
    [key: string]: string;
  };
  /** Free-form; stays in the historian. */
  Metadata?: {
    [key: string]: any;
  };
};
export type Measurement = {
  Name: string;
  Description?: string;
  CollectorUUID: Uuid;
  DatabaseUUID: string | null;
  Datatype: ValueType;
  Status: MeasurementStatus;
  /** Follows the collector's MeasurementSettingsSchema. */
  Settings?: SettingsMap;
  Attributes?: MeasurementAttributes;
  /** Trimmed; duplicates are dropped. */
  Labels?: string[];
};
export type MeasurementRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  CollectorUUID: Uuid;
  CollectorName?: string;
  DatabaseUUID: string | null;
  DatabaseName?: string | null;
  Datatype: ValueType;
  Status: MeasurementStatus;
  /** Good, or a Bad… code the collector reports (BadInvalidDataType, …); separate from Status. */
  Quality?: string;
  /** Follows the collector's MeasurementSettingsSchema. */
  Settings?: SettingsMap;
  Attributes?: MeasurementAttributes;
  /** Trimmed; duplicates are dropped. */
  Labels?: string[];
  CreatedAt?: string;
  UpdatedAt?: string;
  CreatedBy?: string | null;
  UpdatedBy?: string | null;
  /** The newest point the collector delivered; null before the first. */
  LastPoint?: {
    Time: string;
    /** The value as its datatype has it (number, boolean, string, array; raw as base64). */
    Value: any;
    /** The point's quality code (e.g. OPC 192 = good). */
    Quality?: number | null;
  } | null;
};
export type MeasurementBulkItemResult = {
  UUID: Uuid;
  Ok: boolean;
  /** Why this one was not changed (English). */
  Error?: string;
  /** The translation key of Error for the client, e.g. measurements.errors.not_found. */
  Code?: string;
};
export type MeasurementBulkResult = {
  Results: MeasurementBulkItemResult[];
};
export type MeasurementStatusChange = {
  UUIDs: Uuid[];
  Status: "Active" | "Paused" | "Deleted";
};
export type MeasurementLabelsChange = {
  UUIDs: Uuid[];
  Add?: string[];
  Remove?: string[];
};
export type MeasurementLabel = {
  Name: string;
  Count: number;
};
export type UserCreate = {
  Name: string;
  Attributes?: UserAttributes;
  AuthenticationProviderUUID?: Uuid;
};
export type UserCreateWrite = {
  Name: string;
  Password?: string;
  Attributes?: UserAttributes;
  AuthenticationProviderUUID?: Uuid;
};
export type AccessGrant = {
  PrivilegeUUID: Uuid;
  PrivilegeName: string;
  OrganizationUUID: Uuid;
  GroupUUID: Uuid;
  GroupName: string;
  GroupIsSystem: boolean;
  /** The membership was made by a mapping at sign-in. */
  ViaMapping: boolean;
  /** The mappings that made the membership (external groups the provider named at the last sign-in). */
  Mappings: {
    UUID: Uuid;
    ExternalGroup: string;
    AuthenticationProviderUUID: Uuid;
  }[];
};
export type ProviderType = "local" | "ldap" | "oidc";
export type AuthOption = {
  UUID: Uuid;
  ProviderName: string;
  ProviderType: ProviderType;
  /** For external providers, the path the login popup opens. */
  AuthPath?: string;
};
export type LoginResult = {
  User: CurrentUser;
};
export type LoginResultRead = {
  User: CurrentUserRead;
};
export type LoginCredentials = {
  Name: string;
};
export type LoginCredentialsWrite = {
  Name: string;
  Password: string;
};
export type Privilege = {
  ID?: number;
  UUID: Uuid;
  Name: string;
  Description?: string;
  IsSystem?: boolean;
};
export type Info = {
  Version: string;
  PortalURL?: string;
  SupportURL?: string;
};
export type Setting = {
  OrganizationUUID?: Uuid;
  /** Known names: api.grpc_port, api.rest_port, api.url, auth.session_inactive_duration, auth.base_url, setup.done, setup.trial_mode, license.token, audit.retention_days (days the audit log keeps an entry; 0 keeps all). */
  Name: string;
  Value: string;
};
export type SettingRead = {
  UUID: Uuid;
  OrganizationUUID?: Uuid;
  /** Known names: api.grpc_port, api.rest_port, api.url, auth.session_inactive_duration, auth.base_url, setup.done, setup.trial_mode, license.token, audit.retention_days (days the audit log keeps an entry; 0 keeps all). */
  Name: string;
  Value: string;
};
export type SettingsSchemaProperty = {
  title?: string;
  description?: string;
  type?: "string" | "number" | "integer" | "boolean" | "object" | "array";
  enum?: any[];
  secure?: boolean;
  password?: boolean;
  minimum?: number;
  maximum?: number;
  default?: any;
  examples?: any[];
  required?: boolean;
  isMultiLine?: boolean;
  order?: number;
};
export type SettingsSchema = {
  type?: "object";
  /** Where the console finds this schema's texts in its catalogue: `<key>.<property>.title`, `<key>.<property>.description` and `<key>.<property>.enum.<value>`; a text missing there falls back to the schema's own (English) one. */
  "x-i18n"?: string;
  properties?: {
    [key: string]: SettingsSchemaProperty;
  };
  required?: string[];
};
export type Collector = {
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  Status?: ItemStatus;
  /** e.g. simulation, opc-ua, mqtt, calculation, internal. */
  CollectorType?: string;
  BuildVersion?: string;
  BuildOs?: string;
  BuildArch?: string;
  Health?: string;
  HealthUpdatedAt?: string | null;
  Settings?: SettingsMap;
  SettingsSchema?: SettingsSchema;
  /** The version the collector was told to install. */
  UpdateVersion?: string;
  /** The settings each measurement of this collector takes; registered by the collector. */
  MeasurementSettingsSchema?: SettingsSchema;
  /** Increases with every change of Settings or SecureSettings. */
  SettingsVersion?: number;
  /** The SettingsVersion the collector last reported as in effect. */
  AppliedSettingsVersion?: number | null;
  /** The organization's own internal or calculation collector; it cannot be deleted. */
  IsSystem?: boolean;
  RegisteredAt?: string | null;
};
export type CollectorRead = {
  UUID: Uuid;
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  Status?: ItemStatus;
  /** e.g. simulation, opc-ua, mqtt, calculation, internal. */
  CollectorType?: string;
  BuildVersion?: string;
  BuildOs?: string;
  BuildArch?: string;
  Health?: string;
  HealthUpdatedAt?: string | null;
  Settings?: SettingsMap;
  SettingsSchema?: SettingsSchema;
  /** The version the collector was told to install. */
  UpdateVersion?: string;
  /** The settings each measurement of this collector takes; registered by the collector. */
  MeasurementSettingsSchema?: SettingsSchema;
  /** Increases with every change of Settings or SecureSettings. */
  SettingsVersion?: number;
  /** The SettingsVersion the collector last reported as in effect. */
  AppliedSettingsVersion?: number | null;
  /** The organization's own internal or calculation collector; it cannot be deleted. */
  IsSystem?: boolean;
  RegisteredAt?: string | null;
};
export type CollectorWrite = {
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  Status?: ItemStatus;
  /** e.g. simulation, opc-ua, mqtt, calculation, internal. */
  CollectorType?: string;
  BuildVersion?: string;
  BuildOs?: string;
  BuildArch?: string;
  Health?: string;
  HealthUpdatedAt?: string | null;
  Settings?: SettingsMap;
  /** Sent only when changed; never returned. */
  SecureSettings?: SettingsMap;
  SettingsSchema?: SettingsSchema;
  /** The version the collector was told to install. */
  UpdateVersion?: string;
  /** The settings each measurement of this collector takes; registered by the collector. */
  MeasurementSettingsSchema?: SettingsSchema;
  /** Increases with every change of Settings or SecureSettings. */
  SettingsVersion?: number;
  /** The SettingsVersion the collector last reported as in effect. */
  AppliedSettingsVersion?: number | null;
  /** The organization's own internal or calculation collector; it cannot be deleted. */
  IsSystem?: boolean;
  RegisteredAt?: string | null;
};
export type CollectorStatusChange = {
  Status: ItemStatus;
};
export type CollectorToken = {
  Token: string;
};
export type CollectorHealth = {
  CollectorUUID: Uuid;
  Health: string;
  Timestamp: string;
};
export type CollectorUpdateStart = {
  Version: string;
};
export type ProductUpdate = {
  UUID: Uuid;
  ProductType: string;
  Product: string;
  OS: string;
  Arch: string;
  Version: string;
  /** SHA-256 of the build, hex. */
  Checksum?: string;
  Size?: number;
  CreatedAt?: string;
};
export type ProductUpdateUpload = {
  /** The CollectorType the build is for. */
  ProductType: string;
  Product: string;
  OS: string;
  Arch: string;
  /** Compared as a semantic version where it is one (SPEC §4 "newer"). */
  Version: string;
  File: Blob;
};
export type LicenseFingerprint = {
  token: string;
};
export type License = {
  UUID: Uuid;
  Name: string;
  /** Epoch seconds. */
  ExpiresAt: number;
  OrganizationUUID?: Uuid;
  Trial?: boolean;
  /** Feature name to a boolean or a number; a number above 0 counts as enabled. */
  LicensedFeatures: {
    [key: string]: boolean | number;
  };
};
export type LicenseInfo = {
  LicenseClaims: License[];
  Error?: string;
};
export type LicenseActivation = {
  licenseToken: string;
};
export type JobState =
  "pending" | "paused" | "running" | "done" | "failed" | "canceled";
export type Job = {
  UUID: Uuid;
  /** e.g. parquet_export, calculation_backfill, event_reevaluation, prototype_apply, measurement_import. */
  Type: string;
  TaskSchedulerUUID?: string | null;
  State: JobState;
  Progress: number;
  ProgressMessage?: string | null;
  CreatedByUUID?: string | null;
  CreatedByName: string;
  CreatedAt: string;
  StartedAt?: string | null;
  FinishedAt?: string | null;
  Error?: string | null;
  /** What the job answered when it ended (done), by type; an answer that is not an object comes as `{ Value: … }`. */
  Result?: {
    [key: string]: any;
  } | null;
  /** The job's type continues from a checkpoint, so a running job of it may be paused. */
  Pausable: boolean;
  /** A pause was asked; the job pauses at its next checkpoint. */
  PauseRequested: boolean;
  /** A cancel was asked; the job stops at its next checkpoint. */
  CancelRequested: boolean;
};
export type JobLog = {
  ID: number;
  At: string;
  Level: "info" | "warn" | "error";
  Message: string;
};
export type TimeseriesValue = (number | null) | string | boolean | any[];
export type TimeseriesSeries = {
  MeasurementUUID: Uuid;
  /** The measurement's name. */
  Measurement: string;
  /** The time-series database's name; empty for a Discovered measurement. */
  Database: string;
  Datatype: string;
  UoM: string;
  /** The names of a data point's members: [time, value] raw, [time, <aggregation>] or [time, <aggregation>, min, max] aggregated. */
  Fields: string[];
  /** Rows in the order of Fields; time in milliseconds since the Unix epoch. */
  DataPoints: TimeseriesValue[][];
  /** [time, value] of the last Good point before Start; present when asked for, null when there is none. */
  LastKnownPoint?: TimeseriesValue[] | null;
  /** The limit or the point budget left rows out. */
  Truncated: boolean;
};
export type TimeseriesQueryResult = {
  Series: TimeseriesSeries[];
};
export type TimeseriesInstant = string | number;
export type TimeseriesAggregation = {
  /** A measurement whose value type lacks it (a mean of strings) gets last instead; its Fields say so. */
  Name:
    | "count"
    | "integral"
    | "mean"
    | "median"
    | "mode"
    | "spread"
    | "stddev"
    | "sum"
    | "first"
    | "last"
    | "max"
    | "min";
  /** The window, e.g. "5m", "1h30m", "1s" (units w d h m s), or milliseconds. */
  Period: string | number;
  /** Empty windows: left out (none), null (the default), the previous window's value, a value interpolated between the neighbouring windows (numbers; other values hold the previous one) or 0 (numbers). */
  Fill?: "none" | "null" | "previous" | "linear" | "0";
  /** Also the minimum and maximum of each window (numbers and booleans), for a chart's envelope. */
  WithMinMax?: boolean;
};
export type TimeseriesValueFilter = {
  Value: number | string | boolean;
  Operator: "=" | "!=" | ">" | "<" | ">=" | "<=";
  /** How this filter joins the ones before it; AND by default. */
  Condition?: "AND" | "OR";
};
export type TimeseriesQuery = {
  MeasurementUUIDs: Uuid[];
  Start: TimeseriesInstant;
  /** Exclusive; after Start. */
  End: TimeseriesInstant;
  /** Rows per measurement; 0 (the default) is the server's maximum. */
  Limit?: number;
  /** Rows skipped per measurement, from the newest with Desc. */
  Offset?: number;
  /** Newest first. */
  Desc?: boolean;
  Aggregation?: TimeseriesAggregation;
  ValueFilters?: TimeseriesValueFilter[];
  /** Also the last Good point before Start. */
  IncludeLastKnownPoint?: boolean;
  /** Raw only: leave out a point whose value equals the one before it. */
  ChangesOnly?: boolean;
};
export type Asset = {
  /** Unique among its siblings; no `/`. */
  Name: string;
  Description?: string;
  /** Null at the top of the tree; a move is PATCH /assets/{id}/parent. */
  ParentUUID: string | null;
  /** Constants of the asset (the prototype's metadata filled in), string keys to numbers, texts or booleans. */
  Metadata: {
    [key: string]: number | string | boolean;
  };
};
export type AssetStatus = "Active" | "Deleted";
export type PrototypeLinkStatus =
  "NotLinked" | "Applied" | "NeedsUpdate" | "Overridden" | "Deleted";
export type AssetRead = {
  UUID: Uuid;
  /** Unique among its siblings; no `/`. */
  Name: string;
  Description?: string;
  /** Null at the top of the tree; a move is PATCH /assets/{id}/parent. */
  ParentUUID: string | null;
  /** The names from the top, joined by `/`. */
  AssetPath: string;
  Status: AssetStatus;
  /** Constants of the asset (the prototype's metadata filled in), string keys to numbers, texts or booleans. */
  Metadata: {
    [key: string]: number | string | boolean;
  };
  PrototypeUUID?: string | null;
  PrototypeName?: string | null;
  LinkStatus: PrototypeLinkStatus;
  ChildCount: number;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type AssetInUse = {
  title: string;
  status: number;
  detail?: string;
  code?: string;
  Dependants: {
    Children: number;
    Properties: number;
    EventConfigurations: number;
  };
};
export type AssetMove = {
  ParentUUID: string | null;
};
export type AssetProperty = {
  AssetUUID: Uuid;
  Name: string;
  Description?: string;
  /** The measurement or calculation; null while a property made from a prototype is not bound yet. */
  MeasurementUUID: string | null;
  Metadata?: {
    [key: string]: number | string | boolean;
  };
};
export type AssetPropertyRead = {
  UUID: Uuid;
  AssetUUID: Uuid;
  AssetPath?: string;
  Name: string;
  Description?: string;
  /** The measurement or calculation; null while a property made from a prototype is not bound yet. */
  MeasurementUUID: string | null;
  MeasurementName?: string;
  Datatype?: ValueType;
  UoM?: string;
  Metadata?: {
    [key: string]: number | string | boolean;
  };
  PropertyPrototypeUUID?: string | null;
  LinkStatus: PrototypeLinkStatus;
};
export type PropertyPrototype = {
  /** Absent for a new property prototype; an existing one keeps its UUID (the link of every instance item). */
  UUID?: Uuid;
  /** The property's alias on every instance. */
  Name: string;
  Description?: string;
  Kind: "measurement" | "calculation";
  Datatype: ValueType;
  /** The measurement name suggested for an instance, from {{asset.Name}}, {{asset.Path}} and {{metadata.<key>}}. */
  NameTemplate?: string;
  /** For Kind calculation, the calculation's Settings, its inputs naming the instance's properties (`Property` instead of MeasurementUUID). */
  CalculationTemplate?: {
    [key: string]: any;
  } | null;
};
export type Prototype = {
  Name: string;
  Description?: string;
  DefaultDatabaseUUID?: string | null;
  /** Copied into every instance; a null value must be filled when an instance is made. */
  Metadata: {
    [key: string]: (number | null) | string | boolean;
  };
  PropertyPrototypes: PropertyPrototype[];
};
export type PrototypeRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  DefaultDatabaseUUID?: string | null;
  /** Copied into every instance; a null value must be filled when an instance is made. */
  Metadata: {
    [key: string]: (number | null) | string | boolean;
  };
  PropertyPrototypes: PropertyPrototype[];
  /** Instances by link status. */
  InstanceCounts?: {
    [key: string]: number;
  };
  UpdatedAt?: string;
};
export type PrototypeInstance = {
  Name: string;
  Metadata?: {
    [key: string]: number | string | boolean;
  };
  /** Property prototype name to the measurement it links (measurement properties). */
  Bindings?: {
    [key: string]: Uuid;
  };
};
export type PrototypeInstantiation = {
  ParentUUID: string | null;
  Instances: PrototypeInstance[];
};
export type PrototypeLink = {
  AssetUUID: Uuid;
};
export type ImportEntityKind =
  | "asset"
  | "asset_property"
  | "measurement"
  | "event_configuration"
  | "event_property_configuration";
export type ImportAction =
  | "New"
  | "Overridden"
  | "Update"
  | "Not linked"
  | "No change"
  | "Link & Update"
  | "Link & Keep";
export type PrototypePlanField = {
  Field: string;
  /** The value last applied (null when never applied). */
  Base: any;
  /** The prototype's value now. */
  Prototype: any;
  /** The instance's value now. */
  Instance: any;
};
export type PrototypePlanRow = {
  RowID: string;
  EntityKind: ImportEntityKind;
  AssetUUID: Uuid;
  AssetPath: string;
  /** The instance's item; null for New. */
  InstanceUUID?: string | null;
  Name: string;
  Action: ImportAction;
  /** Both sides changed since the last apply: the row needs a keep-or-update choice. */
  Conflict: boolean;
  /** What applying does with the row without a choice (null for a conflict, which needs one, and for rows with nothing to choose). */
  DefaultChoice?: ("keep" | "update" | null) | null;
  /** Why the row cannot be applied as it stands (a code, e.g. measurement_not_found); applying skips it. */
  Problem?: string | null;
  Fields: PrototypePlanField[];
};
export type PrototypePlan = {
  UUID: Uuid;
  PrototypeUUID: Uuid;
  State: "planned" | "applying" | "applied" | "undoing" | "undone" | "expired";
  CreatedAt: string;
  ExpiresAt: string;
  ApplyJobUUID?: string | null;
  UndoJobUUID?: string | null;
  Rows: PrototypePlanRow[];
  /** Rows by action, and the conflicts. */
  Summary: {
    [key: string]: number;
  };
};
export type PrototypePlanRequest = {
  AssetUUIDs: Uuid[];
};
export type PrototypePlanStarted = {
  JobUUID: Uuid;
};
export type ImportKeepOrUpdate = "keep" | "update";
export type PrototypePlanChoices = {
  /** RowID to keep or update, for every conflicting row (others may override their default too). */
  Choices: {
    [key: string]: ImportKeepOrUpdate;
  };
};
export type PrototypePlanImported = {
  Choices: {
    [key: string]: ImportKeepOrUpdate;
  };
  /** RowIDs of conflicting rows the spreadsheet left without a choice. */
  Unresolved: string[];
};
export type PrototypePlanUpload = {
  /** The plan's spreadsheet (.xlsx) with its Choice column filled in. */
  File: Blob;
};
export type EventTypeDefinition = {
  Name: string;
  Description?: string;
  /** The parent event type; events of this type link to an event of a configuration of it. */
  ParentUUID: string | null;
};
export type EventPropertyDatatype = "number" | "boolean" | "string";
export type EventType = "simple" | "periodic" | "periodic_with_dimension";
export type EventTypeProperty = {
  EventTypeUUID: Uuid;
  /** Unique on its event type; the key of the value in an event's Properties. */
  Name: string;
  Description?: string;
  Datatype: EventPropertyDatatype;
  Type: EventType;
  UoM?: string;
};
export type EventTypePropertyRead = {
  UUID: Uuid;
  EventTypeUUID: Uuid;
  /** Unique on its event type; the key of the value in an event's Properties. */
  Name: string;
  Description?: string;
  Datatype: EventPropertyDatatype;
  Type: EventType;
  UoM?: string;
};
export type EventTypeDefinitionRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  /** The parent event type; events of this type link to an event of a configuration of it. */
  ParentUUID: string | null;
  ParentName?: string | null;
  Properties: EventTypePropertyRead[];
  ConfigurationCount?: number;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type EventPropertyDistinctValue = {
  Value: number | string | boolean;
  Count: number;
};
export type EventStartSource =
  "historian" | "schedule" | "manual" | "external_database";
export type EventTrigger = {
  MeasurementUUID: Uuid;
  /** Default none (0s). */
  GracePeriod?: string;
  /** How often open events' preview values are recomputed; default 10s, at least 1s. */
  RefreshInterval?: string;
};
export type EventSchedule = {
  Rule: string;
  Timezone: string;
  /** Each event lasts this long; without it an event stops where the next occurrence starts (shifts). */
  Duration?: string;
};
export type EventExternalSource = {
  ExternalDatabaseUUID: Uuid;
  Query: string;
  PollInterval?: string;
};
export type EventConfiguration = {
  AssetUUID: Uuid;
  EventTypeUUID: Uuid;
  /** Events link to the event of this configuration that runs when they start; its type must be the parent of this one's type. */
  ParentEventConfigurationUUID?: string | null;
  StartSource: EventStartSource;
  /** Required for historian. */
  Trigger?: (EventTrigger | null) | null;
  /** Required for schedule. */
  Schedule?: (EventSchedule | null) | null;
  /** Required for external_database. */
  ExternalSource?: (EventExternalSource | null) | null;
};
export type EventConfigurationState = "running" | "stopped";
export type EventConfigurationRead = {
  UUID: Uuid;
  AssetUUID: Uuid;
  AssetPath?: string;
  EventTypeUUID: Uuid;
  EventTypeName?: string;
  /** Events link to the event of this configuration that runs when they start; its type must be the parent of this one's type. */
  ParentEventConfigurationUUID?: string | null;
  StartSource: EventStartSource;
  /** Required for historian. */
  Trigger?: (EventTrigger | null) | null;
  /** Required for schedule. */
  Schedule?: (EventSchedule | null) | null;
  /** Required for external_database. */
  ExternalSource?: (EventExternalSource | null) | null;
  State: EventConfigurationState;
  /** The processor has read the start source up to here. */
  ProcessedUntil?: string | null;
  LastError?: string | null;
  OpenEventUUID?: string | null;
  /** Events of the configuration per status. */
  EventCounts?: {
    [key: string]: number;
  };
  PropertyConfigurationCount?: number;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type EventConfigurationInUse = {
  title: string;
  status: number;
  detail?: string;
  code?: string;
  instance?: string;
  Dependants?: {
    Children: number;
    Events: number;
  };
};
export type EventConfigurationStateChange = {
  State: EventConfigurationState;
};
export type EventLogLevel = "info" | "warning" | "error";
export type EventConfigurationLog = {
  ID: number;
  At: string;
  Level: EventLogLevel;
  Code: string;
  Values: {
    [key: string]: any;
  };
  EventUUID?: string | null;
};
export type EventReevaluationStarted = {
  JobUUID: Uuid;
};
export type EventReevaluation = {
  Start: string;
  End: string;
  DryRun?: boolean;
};
export type EventPropertyMode = "historian" | "external_database" | "manual";
export type EventPossibleValue = {
  Label: string;
  Value: number | string | boolean;
};
export type EventPropertyConfiguration = {
  EventConfigurationUUID: Uuid;
  EventTypePropertyUUID: Uuid;
  Mode: EventPropertyMode;
  /** Required for historian mode (EventPropertySource). */
  Source?: ("data_reference" | "property" | null) | null;
  /** data_reference: a measurement of the organization (or AssetPropertyUUID). */
  MeasurementUUID?: string | null;
  /** data_reference: a property of an asset (or MeasurementUUID). */
  AssetPropertyUUID?: string | null;
  /** data_reference: how the window's points become one value (one per Interval for periodic). */
  Aggregation?:
    | (
        | "count"
        | "integral"
        | "mean"
        | "median"
        | "mode"
        | "spread"
        | "stddev"
        | "sum"
        | "first"
        | "last"
        | "max"
        | "min"
        | null
      )
    | null;
  /** Periodic properties, the length of each value's window. */
  Interval?: string | null;
  /** periodic_with_dimension: the measurement whose last value in each interval is the dimension. */
  DimensionMeasurementUUID?: string | null;
  /** property: the property whose value is copied. */
  SourcePropertyName?: string | null;
  /** property: copy from the parent event instead of this one. */
  FromParent?: boolean;
  /** external_database mode: the database the value is read from. */
  ExternalDatabaseUUID?: string | null;
  /** external_database mode: a query answering one row; its first column is the value. :StartTime, :StopTime and :EventUUID are bound as parameters. */
  ExternalQuery?: string | null;
  /** A lower number is evaluated first. */
  Priority: number;
  /** Moves the window's start (may be negative). */
  StartOffset?: string;
  /** Moves the window's stop (may be negative). */
  StopOffset?: string;
  /** How long after the stop late data is still taken (the event is pending meanwhile). */
  CloseAfter?: string;
  /** The value when the window has no data. */
  DefaultValue?: (number | null) | string | boolean;
  /** Compute the value while the event is still open. */
  Preview?: boolean;
  /** Only good-quality points (default true). */
  GoodPointsOnly?: boolean;
  PossibleValues?: EventPossibleValue[];
};
export type EventPropertyConfigurationRead = {
  UUID: Uuid;
  EventConfigurationUUID: Uuid;
  EventTypePropertyUUID: Uuid;
  PropertyName?: string;
  PropertyType?: EventType;
  Datatype?: EventPropertyDatatype;
  Mode: EventPropertyMode;
  /** Required for historian mode (EventPropertySource). */
  Source?: ("data_reference" | "property" | null) | null;
  /** data_reference: a measurement of the organization (or AssetPropertyUUID). */
  MeasurementUUID?: string | null;
  /** data_reference: a property of an asset (or MeasurementUUID). */
  AssetPropertyUUID?: string | null;
  DataReferenceName?: string | null;
  /** data_reference: how the window's points become one value (one per Interval for periodic). */
  Aggregation?:
    | (
        | "count"
        | "integral"
        | "mean"
        | "median"
        | "mode"
        | "spread"
        | "stddev"
        | "sum"
        | "first"
        | "last"
        | "max"
        | "min"
        | null
      )
    | null;
  /** Periodic properties, the length of each value's window. */
  Interval?: string | null;
  /** periodic_with_dimension: the measurement whose last value in each interval is the dimension. */
  DimensionMeasurementUUID?: string | null;
  /** property: the property whose value is copied. */
  SourcePropertyName?: string | null;
  /** property: copy from the parent event instead of this one. */
  FromParent?: boolean;
  /** external_database mode: the database the value is read from. */
  ExternalDatabaseUUID?: string | null;
  /** external_database mode: a query answering one row; its first column is the value. :StartTime, :StopTime and :EventUUID are bound as parameters. */
  ExternalQuery?: string | null;
  /** A lower number is evaluated first. */
  Priority: number;
  /** Moves the window's start (may be negative). */
  StartOffset?: string;
  /** Moves the window's stop (may be negative). */
  StopOffset?: string;
  /** How long after the stop late data is still taken (the event is pending meanwhile). */
  CloseAfter?: string;
  /** The value when the window has no data. */
  DefaultValue?: (number | null) | string | boolean;
  /** Compute the value while the event is still open. */
  Preview?: boolean;
  /** Only good-quality points (default true). */
  GoodPointsOnly?: boolean;
  PossibleValues?: EventPossibleValue[];
};
export type EventParentState = "none" | "found" | "missing";
export type EventStatus = "processed" | "open" | "pending" | "incomplete";
export type EventSeries = {
  T: number[];
  V: ((number | null) | string | boolean)[];
  D?: (number | null)[];
};
export type EventPropertyValue = {
  /** A simple property's value (null when none). */
  Value: (number | null) | string | boolean;
  Series?: EventSeries | null;
  /** Entered by hand; re-evaluation keeps it. */
  Manual: boolean;
  /** The window had no data and the configured default was taken. */
  Defaulted?: boolean;
  UpdatedAt?: string;
};
export type Event = {
  UUID: Uuid;
  EventConfigurationUUID: Uuid;
  AssetUUID: Uuid;
  AssetPath: string;
  EventTypeUUID: Uuid;
  EventTypeName: string;
  ParentUUID: string | null;
  ParentState: EventParentState;
  StartTime: string;
  StopTime: string | null;
  /** Seconds; null while open. */
  Duration: number | null;
  Status: EventStatus;
  Source: "auto" | "manual";
  /** By property name. */
  Properties: {
    [key: string]: EventPropertyValue;
  };
  UpdatedAt?: string;
};
export type EventSort = "StartTime" | "StopTime" | "ParentUUID";
export type EventWrite = {
  EventConfigurationUUID: Uuid;
  StartTime: string;
  StopTime?: string | null;
  /** Values by property name; null gives the property back to its configuration. */
  Properties?: {
    [key: string]: (number | null) | string | boolean;
  };
  /** Why the change was made (kept in the audit log). */
  Reason?: string;
};
export type EventSplit = {
  At: string;
};
export type ManualEntryFormType = "Events" | "Asset Properties";
export type ManualEntryFormProperty = {
  EventTypePropertyUUID: Uuid;
  Visible: boolean;
  /** Only a visible simple property may be editable (400). */
  Editable: boolean;
};
export type ManualEntryFormEventConfiguration = {
  EventConfigurationUUID: Uuid;
  /** A label for the asset in the grid instead of its path. */
  AssetDisplayName?: string;
  /** Pixels of the property columns. */
  ColumnWidth?: number;
  Properties: ManualEntryFormProperty[];
};
export type ManualEntryFormEventConfigurationRead = {
  EventConfigurationUUID: Uuid;
  /** A label for the asset in the grid instead of its path. */
  AssetDisplayName?: string;
  /** Pixels of the property columns. */
  ColumnWidth?: number;
  Properties: ManualEntryFormProperty[];
  AssetPath?: string;
  EventTypeUUID?: string;
  EventTypeName?: string;
  /** The configuration no longer exists; the grid leaves it out. */
  Missing?: boolean;
};
export type ManualEntryFormGroup = {
  Name: string;
  AssetPropertyUUIDs: Uuid[];
};
export type ManualEntryFormConfig = {
  EventConfigurations?: ManualEntryFormEventConfiguration[];
  Groups?: ManualEntryFormGroup[];
};
export type ManualEntryFormConfigRead = {
  EventConfigurations?: ManualEntryFormEventConfigurationRead[];
  Groups?: ManualEntryFormGroup[];
};
export type ManualEntryForm = {
  Name: string;
  Description?: string;
  Type: ManualEntryFormType;
  /** The range the view opens with (default 24h); at most MaxTimeRange. */
  DefaultTimeRange?: string;
  /** The longest range the view may show (default 7d, at most 366d). */
  MaxTimeRange?: string;
  /** How often the view reads again (default 30s; 0s: never; else at least 5s). */
  AutoRefreshInterval?: string;
  /** How old an entry a default user may change (default 24h). */
  MaxEditAge?: string;
  /** How old an entry an elevated user may change (default 24h); at least MaxEditAge. */
  MaxElevatedEditAge?: string;
  Config: ManualEntryFormConfig;
};
export type ManualEntryAccessLevel = "disabled" | "default" | "elevated";
export type ManualEntryCallerAccess = {
  Level: ManualEntryAccessLevel;
  CanManage: boolean;
};
export type ManualEntryFormRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  Type: ManualEntryFormType;
  /** The range the view opens with (default 24h); at most MaxTimeRange. */
  DefaultTimeRange?: string;
  /** The longest range the view may show (default 7d, at most 366d). */
  MaxTimeRange?: string;
  /** How often the view reads again (default 30s; 0s: never; else at least 5s). */
  AutoRefreshInterval?: string;
  /** How old an entry a default user may change (default 24h). */
  MaxEditAge?: string;
  /** How old an entry an elevated user may change (default 24h); at least MaxEditAge. */
  MaxElevatedEditAge?: string;
  Config: ManualEntryFormConfigRead;
  Access: ManualEntryCallerAccess;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type ManualEntryFormAccess = {
  UserGroupUUID: Uuid;
  AccessLevel: ManualEntryAccessLevel;
};
export type ManualEntryFormAccessRead = {
  UserGroupUUID: Uuid;
  UserGroupName?: string;
  /** A system group holds elevated on every form; its level cannot change. */
  IsSystem?: boolean;
  AccessLevel: ManualEntryAccessLevel;
};
export type ManualEntryColumn = {
  /** The EventTypePropertyUUID (Events) or AssetPropertyUUID (Asset Properties). */
  Key: string;
  Name: string;
  /** The column group's label (the form group, or the event type). */
  Group: string;
  /** Events forms; the column applies to events of this type. */
  EventTypeUUID?: string;
  Datatype: "number" | "boolean" | "string";
  Kind: "simple" | "periodic" | "periodic_with_dimension";
  /** The form lets the caller type it (their level allows writing, and the form marks it). */
  Editable: boolean;
  PossibleValues?: EventPossibleValue[];
  Unit?: string;
  Width?: number;
};
export type ManualEntryCell = {
  Value: ManualEntryScalar;
  /** Typed by a person. */
  Manual: boolean;
  Series?: EventSeries | null;
  UpdatedAt?: string | null;
  /** The name of whoever typed it. */
  UpdatedBy?: string | null;
};
export type ManualEntryEventRow = {
  UUID: Uuid;
  EventConfigurationUUID: Uuid;
  EventTypeUUID: Uuid;
  /** The configuration's AssetDisplayName, else the asset's path. */
  AssetLabel: string;
  StartTime: string;
  StopTime: string | null;
  Status: EventStatus;
  /** By column Key. */
  Cells: {
    [key: string]: ManualEntryCell;
  };
};
export type ManualEntryValueRow = {
  Timestamp: string;
  /** By column Key (AssetPropertyUUID); a property without a point at the timestamp is absent. */
  Cells: {
    [key: string]: ManualEntryCell;
  };
};
export type ManualEntryEntries = {
  Type: ManualEntryFormType;
  Level: ManualEntryAccessLevel;
  /** The oldest time (event start, or timestamp) the caller may still change; null: they may not write. */
  EditableFrom: string | null;
  /** The edit age that applies to the caller, e.g. 24h. */
  EditLimit?: string | null;
  From: string;
  To: string;
  Columns: ManualEntryColumn[];
  /** Events forms: the events overlapping the range, newest start first (at most 2,000). */
  Events?: ManualEntryEventRow[];
  /** Asset Properties forms: the timestamps with a point of a column in the range, newest first (at most 2,000). */
  Rows?: ManualEntryValueRow[];
  /** More than 2,000 rows lie in the range; shorten it. */
  Truncated?: boolean;
};
export type ManualEntryEventWrite = {
  /** Values by EventTypePropertyUUID; null gives the property back to its configuration. */
  Properties: {
    [key: string]: ManualEntryScalar;
  };
  /** The values the operator saw before typing, by EventTypePropertyUUID (null = none); a property whose current value differs is a conflict (409). Left out, nothing is compared. */
  Expected?: {
    [key: string]: ManualEntryScalar;
  };
  /** Why; required when a value replaces another (400 manual_entry.errors.reason_required). */
  Reason?: string;
};
export type ManualEntryValuesWritten = {
  /** Values that changed (one typed the same as it was is not written again). */
  Written: number;
  Rows: ManualEntryValueRow[];
};
export type ManualEntryValueWrite = {
  AssetPropertyUUID: Uuid;
  Timestamp: string;
  Value: number | string | boolean;
  Expected?: ManualEntryScalar;
};
export type ManualEntryValuesWrite = {
  Values: ManualEntryValueWrite[];
  /** Why; required when a value replaces another (400 manual_entry.errors.reason_required). */
  Reason?: string;
};
export type CalculationPreviewPoint = {
  /** Milliseconds since the Unix epoch. */
  T: number;
  V: TimeseriesValue;
  /** Good, or what the script set with set_status, or BadInsufficientData. */
  Status: string;
  Tags?: {
    [key: string]: string;
  };
};
export type CalculationEvaluationError = {
  T: number;
  /** timeout, memory (the sandbox's limits), script (a syntax error or an exception), result (not a value), datatype (a value the calculation's Datatype cannot hold). */
  Code: "timeout" | "memory" | "script" | "result" | "datatype";
  Message: string;
  /** The script's line, when known. */
  Line?: number;
};
export type CalculationPreview = {
  Points: CalculationPreviewPoint[];
  /** At most 1,000; Evaluations minus the points counts them all. */
  Errors: CalculationEvaluationError[];
  Evaluations: number;
  /** The range held more evaluations than the preview runs. */
  Truncated: boolean;
};
export type CalculationTest = {
  Datatype: ValueType;
  /** The calculation's Settings as a measurement of the calculation collector holds them (Type, Interval, IntervalOffset, EvaluateInsufficientData, Inputs, Script). */
  Settings: {
    [key: string]: any;
  };
  Start: string;
  End: string;
};
export type CalculationContext = {
  MeasurementUUID: Uuid;
  /** What the script keeps with local.set. */
  Local: {
    [key: string]: any;
  };
  PreviousResult?: TimeseriesValue;
  PreviousTimestamp?: number | null;
  /** When the live calculation last ran. */
  LastEvaluatedAt?: string | null;
  /** The last live evaluation's error, if it failed. */
  LastError?: string | null;
  /** The calculation collector evaluates it live (Active, with a database). */
  Running: boolean;
};
export type CalculationContextUpdate = {
  Local: {
    [key: string]: any;
  };
  PreviousResult?: TimeseriesValue;
};
export type CalculationBackfillStarted = {
  JobUUID: Uuid;
};
export type CalculationBackfill = {
  Start: string;
  End: string;
  /** Compare old and new values and write nothing. */
  DryRun: boolean;
};
export type TimeseriesDatabase = {
  Name: string;
  Description?: string;
  OrganizationUUID?: Uuid;
  TimeseriesDatabaseTypeUUID: Uuid;
  Settings?: SettingsMap;
};
export type TimeseriesDatabaseRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  OrganizationUUID?: Uuid;
  TimeseriesDatabaseTypeUUID: Uuid;
  Settings?: SettingsMap;
};
export type TimeseriesDatabaseWrite = {
  Name: string;
  Description?: string;
  OrganizationUUID?: Uuid;
  TimeseriesDatabaseTypeUUID: Uuid;
  Settings?: SettingsMap;
  /** Sent only when changed; never returned. */
  SecureSettings?: SettingsMap;
};
export type ConnectionTestResult = {
  Success: boolean;
  FailedStep?: string;
  Steps: {
    Name: string;
    Success: boolean;
    Message?: string;
  }[];
};
export type TimeseriesDatabaseTest = {
  /** The stored database being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  TimeseriesDatabaseTypeUUID: Uuid;
  Settings?: SettingsMap;
  /** Sent only when changed. */
  SecureSettings?: SettingsMap;
};
export type TimeseriesDatabaseType = {
  UUID: Uuid;
  Name: string;
  SettingsSchema: SettingsSchema;
};
export type TableSetting = {
  PK?: number;
  /** The table id. */
  ID: string;
  ColumnsShown: string[];
  ColumnsOrder: string[];
  /** Saved as the organization default (needs P-ADM-SD). */
  IsDefault?: boolean;
};
export type UserGroup = {
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  IsSystem?: boolean;
};
export type UserGroupRead = {
  UUID: Uuid;
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  IsSystem?: boolean;
  CreatedAt: string;
  UpdatedAt: string;
  CreatedBy: string;
  UpdatedBy: string;
};
export type UserGroupUser = {
  UserGroupUUID: Uuid;
  UserUUID: Uuid;
};
export type UserGroupUserRead = {
  UUID: Uuid;
  UserGroupUUID: Uuid;
  UserUUID: Uuid;
  /** Made by a user-group mapping at sign-in; the next sign-in may take it away. */
  ViaMapping?: boolean;
};
export type UserGroupUserCreate = {
  UserGroupUUID: Uuid;
  UserUUID?: Uuid;
  UserName?: string;
};
export type GroupPrivilege = {
  GroupUUID?: Uuid;
  PrivilegeUUID: Uuid;
};
export type GroupPrivilegeRead = {
  UUID: Uuid;
  GroupUUID?: Uuid;
  PrivilegeUUID: Uuid;
  PrivilegeName?: string;
};
export type GroupPrivilegeSet = {
  PrivilegeUUIDs: Uuid[];
};
export type UserGroupMapping = {
  UserGroupUUID?: Uuid;
  AuthenticationProviderUUID?: Uuid;
  ExternalGroup: string;
};
export type UserGroupMappingRead = {
  UUID: Uuid;
  UserGroupUUID?: Uuid;
  AuthenticationProviderUUID?: Uuid;
  ExternalGroup: string;
};
export type AuthenticationProvider = {
  ProviderName: string;
  ProviderType: ProviderType;
  IsSystem?: boolean;
  Settings?: SettingsMap;
};
export type AuthenticationProviderRead = {
  UUID: Uuid;
  ProviderName: string;
  ProviderType: ProviderType;
  IsSystem?: boolean;
  Settings?: SettingsMap;
};
export type AuthenticationProviderWrite = {
  ProviderName: string;
  ProviderType: ProviderType;
  IsSystem?: boolean;
  Settings?: SettingsMap;
  /** Sent only when changed; never returned. */
  SecureSettings?: SettingsMap;
};
export type AuthenticationProviderTest = {
  /** The stored provider being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  ProviderName: string;
  ProviderType: ProviderType;
  Settings?: SettingsMap;
  /** A user name to look up. */
  TestUser?: string;
};
export type AuthenticationProviderTestWrite = {
  /** The stored provider being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  ProviderName: string;
  ProviderType: ProviderType;
  Settings?: SettingsMap;
  /** Sent only when changed. */
  SecureSettings?: SettingsMap;
  /** A user name to look up. */
  TestUser?: string;
};
export type AuthenticationProviderType = {
  Name: ProviderType;
  SettingsSchema: SettingsSchema;
};
export type Translation = {
  ID: string;
  /** The translation key. */
  Name: string;
  Translation: string;
};
export type ConnectorKind = "MQTT" | "SparkplugB";
export type SinkType = {
  Type: ConnectorKind;
  SettingsSchema: SettingsSchema;
};
export type Sink = {
  Name: string;
  Description?: string;
  Type: ConnectorKind;
  Settings: SettingsMap;
};
export type ServiceState = "running" | "stopped";
export type SinkStatistics = {
  Connected: boolean;
  /** Messages the broker acknowledged since the sink started. */
  Sent: number;
  /** Messages waiting in the buffer (memory and disk). */
  Buffered: number;
  BufferedBytes: number;
  /** Messages dropped because a buffer limit was reached. */
  Dropped: number;
  LastError: string | null;
  LastErrorAt: string | null;
  ConnectedSince: string | null;
  /** When the server running the sink last reported. */
  UpdatedAt: string | null;
};
export type SinkRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  Type: ConnectorKind;
  State: ServiceState;
  Settings: SettingsMap;
  /** The secure settings that hold a value (names only). */
  StoredSecureSettings: string[];
  Statistics: SinkStatistics;
  ForwarderCount: number;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type SinkWrite = {
  Name: string;
  Description?: string;
  Type: ConnectorKind;
  Settings: SettingsMap;
  /** Password and client key; sent only when changed, never returned. */
  SecureSettings?: SettingsMap;
};
export type SinkTest = {
  /** The stored sink being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  Type: ConnectorKind;
  Settings?: SettingsMap;
  SecureSettings?: SettingsMap;
};
export type ServiceStateChange = {
  State: ServiceState;
};
export type ForwarderSelection = {
  /** Measurements with any of these labels. */
  Labels?: string[];
  /** The asset properties of these assets and of those below them. */
  AssetUUIDs?: Uuid[];
  AssetPropertyUUIDs?: Uuid[];
  /** Events of these types when they start and when they close. */
  EventTypeUUIDs?: Uuid[];
};
export type ForwarderTemplates = {
  PointMessage?: string;
  MeasurementTopic?: string;
  AssetPropertyTopic?: string;
  EventMessage?: string;
  EventTopic?: string;
};
export type Forwarder = {
  Name: string;
  Description?: string;
  SinkUUID: Uuid;
  Selection: ForwarderSelection;
  /** sparkplugb needs a SparkplugB sink, json an MQTT one. */
  Format: "json" | "sparkplugb";
  Templates: ForwarderTemplates;
  /** How often the selection is resolved again (new measurements, moved assets); at least 10s. */
  ReloadInterval: string;
};
export type ForwarderStatistics = {
  /** Points and events waiting for the sink. */
  Queued: number;
  /** Points and events handed to the sink. */
  Forwarded: number;
  LastForwardedAt: string | null;
  LastError: string | null;
  /** What the selection resolved to at the last reload. */
  SelectedMeasurements: number;
};
export type ForwarderRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  SinkUUID: Uuid;
  SinkName?: string;
  State: ServiceState;
  Selection: ForwarderSelection;
  /** sparkplugb needs a SparkplugB sink, json an MQTT one. */
  Format: "json" | "sparkplugb";
  Templates: ForwarderTemplates;
  /** How often the selection is resolved again (new measurements, moved assets); at least 10s. */
  ReloadInterval: string;
  Statistics: ForwarderStatistics;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type TemplateError = {
  /** Which template (PointMessage, MeasurementTopic, …). */
  Template: string;
  Message: string;
  /** A translation key. */
  Code?: string;
  Line?: number;
  Column?: number;
};
export type ForwarderPreview = {
  Topic: string | null;
  /** The message as sent; for sparkplugb, the decoded payload as JSON. */
  Payload: string | null;
  /** The point or event the preview rendered. */
  Source?: {
    MeasurementUUID?: Uuid;
    MeasurementName?: string;
    AssetPropertyUUID?: Uuid;
    EventUUID?: Uuid;
    Time?: string;
    Value?: any;
    Quality?: number | null;
  };
  Errors: TemplateError[];
};
export type ForwarderPreviewRequest = {
  Format: "json" | "sparkplugb";
  Templates: ForwarderTemplates;
  Selection?: ForwarderSelection;
  /** The measurement whose latest point renders; default: the first selected one with a point. */
  MeasurementUUID?: Uuid;
  AssetPropertyUUID?: Uuid;
  /** Render the event templates with this event. */
  EventUUID?: Uuid;
};
export type ForwarderSelectionPreview = {
  Measurements: number;
  AssetProperties: number;
  EventTypes: number;
  /** The first measurements (at most 20), by name. */
  Sample: {
    MeasurementUUID: Uuid;
    MeasurementName: string;
    AssetPropertyUUID?: Uuid;
    AssetPath?: string;
  }[];
};
export type ForwarderTestMessageResult = {
  /** The broker acknowledged the message. */
  Delivered: boolean;
  /** Why it was not delivered. */
  Message?: string;
  Topic: string | null;
  Payload: string | null;
  Errors: TemplateError[];
};
export type ForwarderTestMessageRequest = {
  SinkUUID: Uuid;
  Format: "json" | "sparkplugb";
  Templates: ForwarderTemplates;
  Selection?: ForwarderSelection;
  MeasurementUUID?: Uuid;
  AssetPropertyUUID?: Uuid;
  EventUUID?: Uuid;
};
export type DatabaseKind =
  "postgres" | "mysql" | "oracle" | "sqlserver" | "sqlite" | "hdb" | "ase";
export type ExternalDatabaseKindInfo = {
  Kind: DatabaseKind;
  /** This server has a driver for the kind. */
  Available: boolean;
  /** The driver package, e.g. pg, mysql2, mssql, sql.js. */
  Driver?: string;
  SettingsSchema: SettingsSchema;
};
export type ExternalDatabase = {
  Name: string;
  Description?: string;
  Kind: DatabaseKind;
  Settings: SettingsMap;
};
export type ExternalDatabaseRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  Kind: DatabaseKind;
  Settings: SettingsMap;
  StoredSecureSettings: string[];
  /** Event and property configurations that read from it. */
  UsedBy: number;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type ExternalDatabaseWrite = {
  Name: string;
  Description?: string;
  Kind: DatabaseKind;
  Settings: SettingsMap;
  /** The password; sent only when changed, never returned. */
  SecureSettings?: SettingsMap;
};
export type ExternalDatabaseTest = {
  /** The stored database being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  Kind: DatabaseKind;
  Settings?: SettingsMap;
  SecureSettings?: SettingsMap;
};
export type ExternalQueryPreview = {
  Columns: {
    Name: string;
    Type?: string;
  }[];
  Rows: any[][];
  /** The query had more rows than the limit. */
  Truncated: boolean;
  DurationMs: number;
  Error?: {
    Step: "reach" | "tls" | "authenticate" | "query" | "timeout";
    Message: string;
    /** A translation key. */
    Code?: string;
  };
};
export type ExternalQueryPreviewRequest = {
  Query: string;
  /** Bound to :StartTime; default an hour ago. */
  StartTime?: string;
  /** Bound to :StopTime; default now. */
  StopTime?: string;
  Limit?: number;
  TimeoutSeconds?: number;
};
export type LlmProvider =
  "openai" | "azure_openai" | "anthropic" | "openai_compatible";
export type LlmConfiguration = {
  Enabled: boolean;
  Provider: LlmProvider;
  /** e.g. http://localhost:11434/v1 for a local OpenAI-compatible server; empty for the provider default. */
  BaseURL: string;
  Model: string;
  AzureDeployment?: string;
  ApiVersion?: string;
  TimeoutSeconds: number;
  MaxOutputTokens: number;
  AllowedTools: string[];
};
export type LlmConfigurationRead = {
  Enabled: boolean;
  Provider: LlmProvider;
  /** e.g. http://localhost:11434/v1 for a local OpenAI-compatible server; empty for the provider default. */
  BaseURL: string;
  Model: string;
  AzureDeployment?: string;
  ApiVersion?: string;
  StoredSecureSettings: string[];
  TimeoutSeconds: number;
  MaxOutputTokens: number;
  AllowedTools: string[];
  UpdatedAt?: string | null;
};
export type LlmConfigurationWrite = {
  Enabled: boolean;
  Provider: LlmProvider;
  /** e.g. http://localhost:11434/v1 for a local OpenAI-compatible server; empty for the provider default. */
  BaseURL: string;
  Model: string;
  AzureDeployment?: string;
  ApiVersion?: string;
  /** Sent only when changed (null clears it); never returned. */
  SecureSettings?: {
    ApiKey?: string | null;
  };
  TimeoutSeconds: number;
  MaxOutputTokens: number;
  AllowedTools: string[];
};
export type LlmTool = {
  Name: string;
  Description: string;
  Method: string;
  /** The API call the tool makes. */
  Path: string;
  Privileges: string[];
};
export type LlmChatMessage = {
  Role: "user" | "assistant";
  Content: string;
};
export type LlmToolCall = {
  UUID: Uuid;
  Tool: string;
  Arguments: {
    [key: string]: any;
  };
  Method: string;
  /** The call as made, with its query string, so it can be replayed. */
  Path: string;
  /** The HTTP status the API answered. */
  Status: number;
  DurationMs: number;
  /** What came back, in short (e.g. "12 measurements"). */
  Summary?: string;
};
export type LlmChatAnswer = {
  ConversationUUID: Uuid;
  Message: LlmChatMessage;
  ToolCalls: LlmToolCall[];
  Usage?: {
    InputTokens?: number;
    OutputTokens?: number;
  };
};
export type LlmChatRequest = {
  ConversationUUID?: Uuid;
  Messages: LlmChatMessage[];
};
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
  useGetAuditLogsQuery,
  useLazyGetAuditLogsQuery,
  useExportAuditLogsMutation,
  useGetAuditChainVerificationQuery,
  useLazyGetAuditChainVerificationQuery,
  useGetAuditLogQuery,
  useLazyGetAuditLogQuery,
  useImportMeasurementsDryRunMutation,
  useImportMeasurementsMutation,
  useGetTaskSchedulersQuery,
  useLazyGetTaskSchedulersQuery,
  useCreateTaskSchedulerMutation,
  useGetTaskSchedulerPreviewQuery,
  useLazyGetTaskSchedulerPreviewQuery,
  useGetTaskSchedulerMeasurementsQuery,
  useLazyGetTaskSchedulerMeasurementsQuery,
  useGetTaskSchedulerQuery,
  useLazyGetTaskSchedulerQuery,
  useUpdateTaskSchedulerMutation,
  useDeleteTaskSchedulerMutation,
  useRunTaskSchedulerMutation,
  useGetMeasurementsQuery,
  useLazyGetMeasurementsQuery,
  useCreateMeasurementMutation,
  useUpdateMeasurementsStatusMutation,
  useUpdateMeasurementsLabelsMutation,
  useGetMeasurementQuery,
  useLazyGetMeasurementQuery,
  useUpdateMeasurementMutation,
  useDeleteMeasurementMutation,
  useGetMeasurementLabelsQuery,
  useLazyGetMeasurementLabelsQuery,
  useGetUsersQuery,
  useLazyGetUsersQuery,
  useCreateUserMutation,
  useGetUserQuery,
  useLazyGetUserQuery,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useUpdateUserPasswordMutation,
  useGetUserAccessQuery,
  useLazyGetUserAccessQuery,
  useGetUserTokensQuery,
  useLazyGetUserTokensQuery,
  useCreateUserTokenMutation,
  useDeleteUserTokenMutation,
  useGetAuthOptionsQuery,
  useLazyGetAuthOptionsQuery,
  useLoginMutation,
  useLogoutMutation,
  useGetOrganizationsQuery,
  useLazyGetOrganizationsQuery,
  useCreateOrganizationMutation,
  useGetOrganizationQuery,
  useLazyGetOrganizationQuery,
  useUpdateOrganizationMutation,
  useDeleteOrganizationMutation,
  useGetPrivilegesQuery,
  useLazyGetPrivilegesQuery,
  useGetInfoQuery,
  useLazyGetInfoQuery,
  useGetSettingsQuery,
  useLazyGetSettingsQuery,
  useUpdateSettingsBatchMutation,
  useUpdateSettingMutation,
  useGetCollectorsQuery,
  useLazyGetCollectorsQuery,
  useCreateCollectorMutation,
  useUpdateCollectorMutation,
  useDeleteCollectorMutation,
  useUpdateCollectorStatusMutation,
  useGetCollectorTokenMutation,
  useGetCollectorTemplateMutation,
  useGetCollectorHealthHistoryQuery,
  useLazyGetCollectorHealthHistoryQuery,
  useStartCollectorUpdateMutation,
  useGetProductUpdatesQuery,
  useLazyGetProductUpdatesQuery,
  useCreateProductUpdateMutation,
  useDeleteProductUpdateMutation,
  useGetLicenseFingerprintQuery,
  useLazyGetLicenseFingerprintQuery,
  useGetLicenseInfoQuery,
  useLazyGetLicenseInfoQuery,
  useActivateLicenseMutation,
  useGetJobsQuery,
  useLazyGetJobsQuery,
  useGetJobQuery,
  useLazyGetJobQuery,
  useGetJobLogsQuery,
  useLazyGetJobLogsQuery,
  usePauseJobMutation,
  useResumeJobMutation,
  useCancelJobMutation,
  useQueryTimeseriesQuery,
  useLazyQueryTimeseriesQuery,
  useGetAssetsQuery,
  useLazyGetAssetsQuery,
  useCreateAssetMutation,
  useGetAssetQuery,
  useLazyGetAssetQuery,
  useUpdateAssetMutation,
  useDeleteAssetMutation,
  useMoveAssetMutation,
  useGetAssetPropertiesQuery,
  useLazyGetAssetPropertiesQuery,
  useCreateAssetPropertyMutation,
  useGetAssetPropertyQuery,
  useLazyGetAssetPropertyQuery,
  useUpdateAssetPropertyMutation,
  useDeleteAssetPropertyMutation,
  useGetPrototypesQuery,
  useLazyGetPrototypesQuery,
  useCreatePrototypeMutation,
  useGetPrototypeQuery,
  useLazyGetPrototypeQuery,
  useUpdatePrototypeMutation,
  useDeletePrototypeMutation,
  useInstantiatePrototypeMutation,
  useLinkPrototypeMutation,
  useUnlinkPrototypeMutation,
  usePlanPrototypeMutation,
  useGetPrototypePlanQuery,
  useLazyGetPrototypePlanQuery,
  useApplyPrototypePlanMutation,
  useUndoPrototypePlanMutation,
  useExportPrototypePlanMutation,
  useImportPrototypePlanMutation,
  useGetEventTypesQuery,
  useLazyGetEventTypesQuery,
  useCreateEventTypeMutation,
  useGetEventTypeQuery,
  useLazyGetEventTypeQuery,
  useUpdateEventTypeMutation,
  useDeleteEventTypeMutation,
  useGetEventTypePropertiesQuery,
  useLazyGetEventTypePropertiesQuery,
  useCreateEventTypePropertyMutation,
  useGetEventTypePropertyQuery,
  useLazyGetEventTypePropertyQuery,
  useUpdateEventTypePropertyMutation,
  useDeleteEventTypePropertyMutation,
  useGetEventTypePropertyValuesQuery,
  useLazyGetEventTypePropertyValuesQuery,
  useGetEventConfigurationsQuery,
  useLazyGetEventConfigurationsQuery,
  useCreateEventConfigurationMutation,
  useGetEventConfigurationQuery,
  useLazyGetEventConfigurationQuery,
  useUpdateEventConfigurationMutation,
  useDeleteEventConfigurationMutation,
  useSetEventConfigurationStateMutation,
  useGetEventConfigurationLogsQuery,
  useLazyGetEventConfigurationLogsQuery,
  useReevaluateEventConfigurationMutation,
  useGetEventPropertyConfigurationsQuery,
  useLazyGetEventPropertyConfigurationsQuery,
  useCreateEventPropertyConfigurationMutation,
  useGetEventPropertyConfigurationQuery,
  useLazyGetEventPropertyConfigurationQuery,
  useUpdateEventPropertyConfigurationMutation,
  useDeleteEventPropertyConfigurationMutation,
  useReevaluateEventPropertyConfigurationMutation,
  useGetEventsQuery,
  useLazyGetEventsQuery,
  useCreateEventMutation,
  useGetEventQuery,
  useLazyGetEventQuery,
  useUpdateEventMutation,
  useDeleteEventMutation,
  useMergeEventMutation,
  useSplitEventMutation,
  useGetManualEntryFormsQuery,
  useLazyGetManualEntryFormsQuery,
  useCreateManualEntryFormMutation,
  useGetManualEntryFormQuery,
  useLazyGetManualEntryFormQuery,
  useUpdateManualEntryFormMutation,
  useDeleteManualEntryFormMutation,
  useGetManualEntryFormAccessQuery,
  useLazyGetManualEntryFormAccessQuery,
  useReplaceManualEntryFormAccessMutation,
  useGetManualEntryFormEntriesQuery,
  useLazyGetManualEntryFormEntriesQuery,
  useWriteManualEntryEventValuesMutation,
  useWriteManualEntryAssetValuesMutation,
  useTestCalculationMutation,
  useGetCalculationContextQuery,
  useLazyGetCalculationContextQuery,
  useUpdateCalculationContextMutation,
  useBackfillCalculationMutation,
  useGetTimeseriesDatabasesQuery,
  useLazyGetTimeseriesDatabasesQuery,
  useCreateTimeseriesDatabaseMutation,
  useUpdateTimeseriesDatabaseMutation,
  useDeleteTimeseriesDatabaseMutation,
  useTestTimeseriesDatabaseMutation,
  useGetTimeseriesDatabaseReachabilityQuery,
  useLazyGetTimeseriesDatabaseReachabilityQuery,
  useTestTimeseriesDatabaseSettingsMutation,
  useGetTimeseriesDatabaseTypesQuery,
  useLazyGetTimeseriesDatabaseTypesQuery,
  useGetTableSettingQuery,
  useLazyGetTableSettingQuery,
  useCreateTableSettingMutation,
  useUpdateTableSettingMutation,
  useGetUserGroupsQuery,
  useLazyGetUserGroupsQuery,
  useCreateUserGroupMutation,
  useGetUserGroupQuery,
  useLazyGetUserGroupQuery,
  useUpdateUserGroupMutation,
  useDeleteUserGroupMutation,
  useGetUserGroupUsersQuery,
  useLazyGetUserGroupUsersQuery,
  useCreateUserGroupUserMutation,
  useDeleteUserGroupUserMutation,
  useGetUserGroupPrivilegesQuery,
  useLazyGetUserGroupPrivilegesQuery,
  useCreateUserGroupPrivilegeMutation,
  useReplaceUserGroupPrivilegesMutation,
  useDeleteUserGroupPrivilegeMutation,
  useGetUserGroupMappingsQuery,
  useLazyGetUserGroupMappingsQuery,
  useCreateUserGroupMappingMutation,
  useUpdateUserGroupMappingMutation,
  useDeleteUserGroupMappingMutation,
  useGetAuthenticationProvidersQuery,
  useLazyGetAuthenticationProvidersQuery,
  useCreateAuthenticationProviderMutation,
  useTestAuthenticationProviderMutation,
  useGetAuthenticationProviderQuery,
  useLazyGetAuthenticationProviderQuery,
  useUpdateAuthenticationProviderMutation,
  useDeleteAuthenticationProviderMutation,
  useGetAuthenticationProviderTypesQuery,
  useLazyGetAuthenticationProviderTypesQuery,
  useGetTranslationsQuery,
  useLazyGetTranslationsQuery,
  useGetSinkTypesQuery,
  useLazyGetSinkTypesQuery,
  useGetSinksQuery,
  useLazyGetSinksQuery,
  useCreateSinkMutation,
  useTestSinkSettingsMutation,
  useGetSinkQuery,
  useLazyGetSinkQuery,
  useUpdateSinkMutation,
  useDeleteSinkMutation,
  useSetSinkStateMutation,
  useGetSinkStatisticsQuery,
  useLazyGetSinkStatisticsQuery,
  useGetForwardersQuery,
  useLazyGetForwardersQuery,
  useCreateForwarderMutation,
  usePreviewForwarderMutation,
  usePreviewForwarderSelectionMutation,
  useSendForwarderTestMessageMutation,
  useGetForwarderQuery,
  useLazyGetForwarderQuery,
  useUpdateForwarderMutation,
  useDeleteForwarderMutation,
  useSetForwarderStateMutation,
  useGetExternalDatabaseKindsQuery,
  useLazyGetExternalDatabaseKindsQuery,
  useGetExternalDatabasesQuery,
  useLazyGetExternalDatabasesQuery,
  useCreateExternalDatabaseMutation,
  useTestExternalDatabaseSettingsMutation,
  useGetExternalDatabaseQuery,
  useLazyGetExternalDatabaseQuery,
  useUpdateExternalDatabaseMutation,
  useDeleteExternalDatabaseMutation,
  usePreviewExternalDatabaseQueryMutation,
  useGetLlmConfigurationQuery,
  useLazyGetLlmConfigurationQuery,
  useUpdateLlmConfigurationMutation,
  useTestLlmConfigurationMutation,
  useGetLlmToolsQuery,
  useLazyGetLlmToolsQuery,
  useChatWithLlmMutation,
} = injectedRtkApi;
