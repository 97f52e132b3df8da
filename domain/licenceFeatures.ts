// The licence features the product checks (SPEC §2 sidebar, §6). A trial grants all of them; the
// licence CLI warns about a feature outside this list, which is most likely a typo.
export const LICENSED_FEATURES = ['Calculations', 'Events', 'ManualEntry'] as const;

export type LicensedFeatureName = (typeof LICENSED_FEATURES)[number];
