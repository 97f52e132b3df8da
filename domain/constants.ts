// The product constants of SPEC §9 that the spec withholds as literals, chosen here once.
// Both the client and the reference server import them; the README states them.

export const API_BASE_PATH = '/api';
export const LANGUAGES = ['en', 'nl', 'fr', 'de', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Password every seeded local user starts with; it must be changed at first sign-in. */
export const DEFAULT_PASSWORD = 'historian';
/** The all-zero UUID: in Organization.LicenseUUID it means "no licence". */
export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
export const DEFAULT_ORGANIZATION_NAME = 'Default organization';
export const DEFAULT_POSTGRES_USER = 'default_org_read_only';
/** Internal defaults used when a time-series database is created without a name or bucket. */
export const DEFAULT_TIMESERIES_DATABASE_NAME = 'historian';
export const DEFAULT_TIMESERIES_BUCKET = 'historian';

export const DEFAULT_PAGE_LIMIT = 100;
export const DEFAULT_PAGE = 1;
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Prefix of every browser-stored session item (SPEC §3). */
export const STORAGE_PREFIX = 'historian.';
/** Prefix of the translation cache in local storage, kept apart from the session items. */
export const TRANSLATION_CACHE_PREFIX = 'historian_i18n_';

export const LICENSE_EXPIRY_WARNING_DAYS = 30;
export const SETUP_STEP_COUNT = 6;
export const EXTERNAL_LOGIN_POPUP = { width: 500, height: 600, pollMs: 100 } as const;
export const TOAST_AUTO_CLOSE_MS = 7000;
export const TOAST_ERROR_AUTO_CLOSE_MS = 12000;
export const TOAST_REMOVAL_DELAY_MS = 350;
export const COLUMN_SETTINGS_DIALOG_WIDTH_PX = 800;
export const DEFAULT_FLOAT_STEP = 0.01;
export const TEXT_AREA_DEFAULT_ROWS = 5;
export const COLLECTOR_STATUS_ORDER = { Initial: 1, Paused: 2, Active: 3, Deleted: 4 } as const;
export const TRIAL_DAYS = 30;
