// Replaced at build time by webpack's DefinePlugin; tests and tools see the fallback.
export const APP_VERSION: string = process.env.APP_VERSION ?? '0.0.0-dev';
export const IS_DEVELOPMENT_BUILD: boolean = process.env.NODE_ENV !== 'production';
